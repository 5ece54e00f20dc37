import { homeBenchGroup } from '../modules/home/home.bench';
import type { BenchGroup } from './bench';
import { ordersBench } from './bench-orders';

/**
 * The bench's scenario groups, one per budget area. A module adds its group here.
 */
const platform: BenchGroup = {
  name: 'auth-and-session',
  async scenarios(ctx) {
    const admin = await ctx.login('admin', 'admin123');
    return [
      { name: 'GET /health (baseline)', path: '/prod-api/health' },
      {
        name: 'POST /auth/login (argon2id)',
        method: 'POST',
        path: '/prod-api/auth/login',
        body: { username: 'admin', password: 'admin123' },
      },
      { name: 'GET /system/user/getInfo', path: '/prod-api/system/user/getInfo', token: admin, p95Budget: 50 },
      { name: 'GET /system/menu/getRouters', path: '/prod-api/system/menu/getRouters', token: admin, p95Budget: 50 },
      {
        name: 'GET /system/dict/data/type/order_status',
        path: '/prod-api/system/dict/data/type/order_status',
        token: admin,
        p95Budget: 50,
      },
    ];
  },
};

export const BENCH_GROUPS: BenchGroup[] = [platform, ordersBench, homeBenchGroup];
