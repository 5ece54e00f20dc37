import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import svgCaptcha from 'svg-captcha';
import type { DbOrTx } from '../../platform/db/database';
import { sysCaptcha } from '../../platform/db/platform.table';
import { AppError } from '../../platform/errors';

/** Math captcha (RuoYi's default kind): an SVG image of 'a op b =' whose answer is single-use for two minutes. */
export const CAPTCHA_TTL_SECONDS = 120;

export async function createCaptcha(db: DbOrTx): Promise<{ uuid: string; img: string }> {
  const captcha = svgCaptcha.createMathExpr({
    // Addition only: a subtraction can go negative and its thin '-' is easy to miss.
    mathMin: 1,
    mathMax: 20,
    mathOperator: '+',
    noise: 1,
    color: true,
    background: '#ffffff',
    fontSize: 44,
    width: 120,
    height: 40,
  });
  const uuid = randomUUID();
  await db.insert(sysCaptcha).values({
    uuid,
    answer: captcha.text.trim().toLowerCase(),
    expiresAt: new Date(Date.now() + CAPTCHA_TTL_SECONDS * 1000),
  });
  return { uuid, img: Buffer.from(captcha.data).toString('base64') };
}

/**
 * Checks and consumes the answer in one statement: a wrong answer consumes it too, so each image gets
 * one try; a replay finds nothing.
 */
export async function consumeCaptcha(db: DbOrTx, uuid: string | undefined, code: string | undefined): Promise<void> {
  if (!uuid || !code) throw new AppError('CAPTCHA', 'err_captcha_required');
  const r = await db.execute<{ answer: string; expired: boolean }>(
    sql`DELETE FROM sys_captcha WHERE uuid = ${uuid} RETURNING answer, expires_at <= now() AS expired`,
  );
  const row = r.rows[0];
  if (!row || row.expired) throw new AppError('CAPTCHA', 'err_captcha_expired');
  if (row.answer !== code.trim().toLowerCase()) throw new AppError('CAPTCHA', 'err_captcha_wrong');
}
