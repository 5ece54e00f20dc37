import { describe, expect, it } from 'vitest';
import { itReturns, itReturnsBoth } from './table.test-utils';
import {
  cleanDecimal2,
  cleanInteger,
  cleanPercent,
  containerCheckDigit,
  isAccount,
  isChinaIdCard,
  isChinaLandline,
  isChinaMobile,
  isChinaPlate,
  isChineseName,
  isContainerNo,
  isDateTimeText,
  isDayText,
  isEmail,
  isHexColor,
  isIdCard,
  isIPv4,
  isLandline,
  isMobile,
  isPassword,
  isPhone,
  isPlate,
  isPostalCode,
  isRgbColor,
  isStrongPassword,
  isThaiIdCard,
  isThaiLandline,
  isThaiMobile,
  isThaiPlate,
  isThaiPostalCode,
  isUrl,
  isUserPassword,
  makeContainerNo,
  normalizePhone,
  parseColor,
  passwordStrength,
  zAccount,
  zColor,
  zEmail,
  zIdCard,
  zMobile,
  zPhone,
  zPlate,
  zUserPassword,
} from './validators';

describe('phones', () => {
  itReturns('isChinaMobile(%j) = %s', isChinaMobile, [
    ['13812345678', true],
    ['19912345678', true],
    ['138 1234 5678', true],
    ['138-1234-5678', true],
    ['+8613812345678', true],
    ['008613812345678', true],
    ['12812345678', false],
    ['1381234567', false],
    ['138123456789', false],
    ['0812345678', false],
    ['', false],
  ]);

  itReturns('isThaiMobile(%j) = %s', isThaiMobile, [
    ['0812345678', true],
    ['0612345678', true],
    ['0912345678', true],
    ['081-234-5678', true],
    ['+66812345678', true],
    ['+66 81 234 5678', true],
    ['0712345678', false],
    ['021234567', false],
    ['081234567', false],
    ['+660812345678', false],
    ['13812345678', false],
  ]);

  itReturns('isMobile(%j) = %s', isMobile, [
    ['13812345678', true],
    ['0812345678', true],
    ['02112345678', false],
    ['hello', false],
  ]);

  itReturns('isChinaLandline(%j) = %s', isChinaLandline, [
    ['020-12345678', true],
    ['02012345678', true],
    ['0755-2345678', true],
    ['0755-23456789', true],
    ['010 6552 9988', true],
    ['20-12345678', false],
    ['020-123456', false],
    ['020-123456789', false],
    ['020-0123456', false],
  ]);

  itReturns('isThaiLandline(%j) = %s', isThaiLandline, [
    ['02-123-4567', true],
    ['053 123 456', true],
    ['021234567', true],
    ['0812345678', false],
    ['01-123-4567', false],
  ]);

  itReturnsBoth(
    'isLandline(%j) = %s, isPhone = %s',
    [isLandline, isPhone],
    [
      ['020-12345678', true, true],
      ['02-123-4567', true, true],
      ['13812345678', false, true],
      ['12345', false, false],
    ],
  );

  itReturns('normalizePhone(%j) = %j', normalizePhone, [
    ['+66 81-234-5678', '0812345678'],
    ['0066812345678', '0812345678'],
    ['+86 138 1234 5678', '13812345678'],
    ['020-12345678', '02012345678'],
    ['02-123-4567', '021234567'],
    ['not a phone', null],
  ]);
});

describe('accounts and passwords', () => {
  itReturns('isAccount(%j) = %s', isAccount, [
    ['admin', true],
    ['a_1234567890abcd', true],
    ['Abc_1', true],
    ['abcd', false],
    ['a_1234567890abcde', false],
    ['1admin', false],
    ['_admin', false],
    ['adm-in', false],
    ['管理员abc', false],
  ]);

  itReturns('isPassword(%j) = %s', isPassword, [
    ['abc123', true],
    ['a_____', true],
    ['a234567890123456', true],
    ['abc12', false],
    ['a2345678901234567', false],
    ['1abcdef', false],
    ['abc 123', false],
    ['abc!23', false],
  ]);

  itReturns('passwordStrength(%j) = %s', passwordStrength, [
    ['', 'weak'],
    ['Ab1!', 'weak'],
    ['abcdefgh', 'weak'],
    ['12345678', 'weak'],
    ['abc123', 'medium'],
    ['ABCdef', 'medium'],
    ['abc!@#', 'medium'],
    ['Abc123', 'strong'],
    ['abc12!', 'strong'],
    ['ABC12!', 'strong'],
    ['Abc12!xyz', 'strong'],
    ['泰国货运abc1', 'strong'],
  ]);

  itReturns('isStrongPassword(%j) = %s', isStrongPassword, [
    ['Abc123', true],
    ['abc12!', true],
    ['Abcdef1234567890', true],
    ['Abcdef12345678901', false],
    ['Ab12!', false],
    ['abc123', false],
    ['abcdefgh', false],
  ]);

  itReturns('isUserPassword(%j) = %s', isUserPassword, [
    ['abcd1234', true],
    ['Abcdefgh', true],
    ['correct horse battery staple', true],
    ['a1'.repeat(32), true],
    [`${'a1'.repeat(32)}x`, false],
    ['abc1234', false],
    ['abcdefghij', false],
    ['1234567890', false],
  ]);
});

describe('network, identity, address', () => {
  itReturns('isIPv4(%j) = %s', isIPv4, [
    ['0.0.0.0', true],
    ['192.168.1.1', true],
    ['255.255.255.255', true],
    ['256.1.1.1', false],
    ['1.2.3', false],
    ['1.2.3.4.5', false],
    ['01.2.3.4', false],
    ['a.b.c.d', false],
    [' 1.2.3.4', false],
  ]);

  itReturns('isEmail(%j) = %s', isEmail, [
    ['ops@theone.co.th', true],
    ['first.last+tag@example.com', true],
    ['a_b%c-d@mail-server.example.cn', true],
    ['plain', false],
    ['a@b', false],
    ['.a@example.com', false],
    ['a..b@example.com', false],
    ['a.@example.com', false],
    ['a@-example.com', false],
    ['a b@example.com', false],
    ['a@example.c', false],
    [`${'a'.repeat(65)}@example.com`, false],
  ]);

  itReturns('isChinaIdCard(%j) = %s', isChinaIdCard, [
    ['11010519491231002X', true],
    ['11010519491231002x', true],
    ['440301199003071230', true],
    ['110101200002290018', true],
    ['320582198512153418', true],
    ['440301199003071231', false], // wrong check digit
    ['11010519491231002Y', false],
    ['110101190002290015', false], // 1900-02-29 does not exist
    ['440301199013071236', false], // month 13
    ['04030119900307123X', false], // region cannot start with 0
    ['44030118900307123X', false], // born 1890
    ['4403011990030712', false],
  ]);

  itReturns('isThaiIdCard(%j) = %s', isThaiIdCard, [
    ['1101700203450', true],
    ['3100100400004', true],
    ['3-1001-00400-00-4', true],
    ['1101700203451', false],
    ['0101700203450', false],
    ['110170020345', false],
  ]);

  itReturns('isIdCard(%j) = %s', isIdCard, [
    ['11010519491231002X', true],
    ['1101700203450', true],
    ['123', false],
  ]);

  itReturns('isChineseName(%j) = %s', isChineseName, [
    ['张三', true],
    ['欧阳娜娜', true],
    ['阿沛·阿旺晋美', true],
    ['迪丽热巴·迪力木拉提', true],
    ['张', false],
    ['张三·', false],
    ['·张三', false],
    ['阿沛··阿旺', false],
    ['张三abc', false],
    ['张 三', false],
    ['一二三四五六七八九十一二三四五六七八九十', true],
    ['一二三四五六七八九十一二三四五六七八九十一', false],
  ]);

  itReturnsBoth(
    'isPostalCode(%j) = %s, isThaiPostalCode = %s',
    [isPostalCode, isThaiPostalCode],
    [
      ['510000', true, false],
      ['10110', false, true],
      ['96000', false, true],
      ['97000', false, false],
      ['09000', false, false],
      ['51000', false, true],
      ['5100000', false, false],
      ['51a000', false, false],
    ],
  );

  itReturns('isUrl(%j) = %s', isUrl, [
    ['https://theone.co.th', true],
    ['http://localhost:8080/prod-api?x=1#top', true],
    ['https://192.168.1.10/theone/', true],
    ['https://sub.example.com/path/to?q=a,b', true],
    ['ftp://example.com', false],
    ['javascript:alert(1)', false],
    ['https://', false],
    ['https://exa mple.com', false],
    ['https://300.1.1.1/', false],
    ['example.com', false],
  ]);
});

describe('plates and containers', () => {
  itReturns('isChinaPlate(%j) = %s', isChinaPlate, [
    ['粤B12345', true],
    ['京A88888', true],
    ['粤B·12345', true],
    ['粤b 12345', true],
    ['粤BD12345', true], // new energy, small car
    ['粤BF12345', true],
    ['粤BDA1234', true],
    ['粤B12345D', true], // new energy, large vehicle
    ['粤B1234挂', true],
    ['粤B1234学', true],
    ['粤Z1234港', true],
    ['粤B1234', false],
    ['粤BI2345', false],
    ['粤B12O45', false],
    ['A12345', false],
    ['哈B12345', false],
    ['粤B123456', false],
    ['粤BX12345', false],
  ]);

  itReturns('isThaiPlate(%j) = %s', isThaiPlate, [
    ['1กข 1234', true],
    ['กข 1234', true],
    ['1กข1234', true],
    ['ก 12', true],
    ['70-1234', true],
    ['70-1234 กรุงเทพมหานคร', true],
    ['1กข 1234 กรุงเทพมหานคร', true],
    ['2ขค 5678 เชียงใหม่', true],
    ['1กขค 1234', false],
    ['1กข 12345', false],
    ['701234567', false],
    ['AB 1234', false],
    ['', false],
  ]);

  itReturns('isPlate(%j) = %s', isPlate, [
    ['粤B12345', true],
    ['1กข 1234', true],
    ['ABC-123', false],
  ]);

  itReturns('isContainerNo(%j) = %s', isContainerNo, [
    ['CSQU3054383', true],
    ['csqu 305438 3', true],
    ['MSKU9070323', true],
    ['TGHU1234567', true],
    ['CSQU3054384', false],
    ['CSQX3054383', false],
    ['CSQU305438', false],
  ]);

  it('makes numbers with their check digit (the one rule the validator, the bench and the journeys share)', () => {
    expect(containerCheckDigit('CSQU305438')).toBe(3);
    expect(makeContainerNo('CSQU', 305438)).toBe('CSQU3054383');
    expect(makeContainerNo('MSKU', '907032')).toBe('MSKU9070323');
    expect(makeContainerNo('TODU', '1234567')).toBe(`TODU234567${containerCheckDigit('TODU234567')}`);
    for (let serial = 0; serial < 500; serial += 37) expect(isContainerNo(makeContainerNo('BNSU', serial))).toBe(true);
  });
});

describe('dates and times', () => {
  itReturns('isDayText(%j) = %s', isDayText, [
    ['2026-02-28', true],
    ['2028-02-29', true],
    ['2000-02-29', true],
    ['1900-02-29', false],
    ['2026-02-29', false],
    ['2026-02-30', false],
    ['2026-04-31', false],
    ['2026-13-01', false],
    ['2026-00-10', false],
    ['2026-01-00', false],
    ['0999-01-01', false],
    ['2026-1-01', false],
    ['2026-01-01 ', false],
  ]);

  itReturns('isDateTimeText(%j) = %s', isDateTimeText, [
    ['2026-11-22', true],
    ['2026-11-22 08:00', true],
    ['2026-11-22 23:59:59', true],
    ['2026-11-22T23:59:59.999Z', true],
    ['2026-11-22T08:00:00+07:00', true],
    ['2026-11-22T08:00:00-0330', true],
    ['2026-11-22T08:00:00+14:00', true],
    ['2026-02-30 10:00:00', false],
    ['2026-02-29 10:00:00', false],
    ['2026-13-01 10:00:00', false],
    ['2026-01-01 24:00:00', false],
    ['2026-01-01 24:00', false],
    ['2026-01-01 23:60:00', false],
    ['2026-01-01 23:59:60', false],
    ['2026-01-01T10:00:00+25:00', false],
    ['2026-01-01T10:00:00+07:60', false],
    ['2026-01-01 10:00:00 +07:00', false],
    ['2026-01-01 1:00:00', false],
    ["2026-01-01' or '1'='1", false],
    ['', false],
  ]);
});

describe('number cleaners', () => {
  itReturns('cleanInteger(%j) = %j', cleanInteger, [
    ['123', '123'],
    ['a1b2c3', '123'],
    ['0012', '12'],
    ['000', '0'],
    ['-5', '5'],
    ['1.5', '15'],
    ['', ''],
  ]);

  itReturns('cleanDecimal2(%j) = %j', cleanDecimal2, [
    ['12.34', '12.34'],
    ['12.345', '12.34'],
    ['12.999', '12.99'],
    ['1.2.3', '1.23'],
    ['.5', '0.5'],
    ['12.', '12.'],
    ['007.50', '7.50'],
    ['a1,234.5b', '1234.5'],
    ['-3.2', '3.2'],
    ['', ''],
  ]);

  itReturns('cleanPercent(%j) = %j', cleanPercent, [
    ['50', '50'],
    ['99.99', '99.99'],
    ['100', '100'],
    ['100.', '100.'],
    ['100.01', '100'],
    ['150', '100'],
    ['1000', '100'],
    ['12.345', '12.34'],
    ['0.', '0.'],
    ['', ''],
  ]);
});

describe('colours', () => {
  itReturns('isHexColor(%j) = %s', isHexColor, [
    ['#de7a62', true],
    ['DE7A62', true],
    ['#DE7A6', false],
    ['#de7a62f', false],
    ['#gg0000', false],
  ]);

  itReturns('isRgbColor(%j) = %s', isRgbColor, [
    ['rgb(1,22,255)', true],
    ['rgb( 0 , 0 , 0 )', true],
    ['RGB(222,122,98)', true],
    ['rgb(256,0,0)', false],
    ['rgb(1,2)', false],
    ['rgb(1000,0,0)', false],
    ['rgba(1,2,3,0.5)', false],
  ]);

  itReturns('parseColor(%j) = %j', parseColor, [
    ['#DE7A62', '#de7a62'],
    ['de7a62', '#de7a62'],
    ['rgb(222,122,98)', '#de7a62'],
    ['rgb(1,22,255)', '#0116ff'],
    ['rgb(300,0,0)', null],
    ['red', null],
  ]);
});

describe('zod schemas carry translation keys', () => {
  it.each([
    [zMobile, ' 0812345678 ', true, 'err_mobile'],
    [zMobile, '12345', false, 'err_mobile'],
    [zPhone, '020-12345678', true, 'err_phone'],
    [zPhone, 'abc', false, 'err_phone'],
    [zEmail, 'ops@theone.co.th', true, 'err_email'],
    [zEmail, 'ops@', false, 'err_email'],
    [zAccount, 'admin', true, 'err_account'],
    [zAccount, '1admin', false, 'err_account'],
    [zUserPassword, 'abcd1234', true, 'err_user_password'],
    [zUserPassword, 'abcdefgh', false, 'err_user_password'],
    [zIdCard, '11010519491231002X', true, 'err_id_card'],
    [zIdCard, '110105194912310021', false, 'err_id_card'],
    [zPlate, '粤B12345', true, 'err_plate'],
    [zPlate, 'XYZ', false, 'err_plate'],
  ] as const)('%#: parse(%j) ok=%s with message %s', (schema, value, ok, key) => {
    const result = schema.safeParse(value);
    expect(result.success).toBe(ok);
    if (!result.success) expect(result.error.issues[0]?.message).toBe(key);
  });

  it('trims what it validates', () => {
    expect(zMobile.parse(' 0812345678 ')).toBe('0812345678');
  });

  it.each([
    ['rgb(222,122,98)', '#de7a62'],
    [' #DE7A62 ', '#de7a62'],
  ])('zColor normalises %j to %j', (value, expected) => {
    expect(zColor.parse(value)).toBe(expected);
  });

  it('zColor refuses garbage with err_color', () => {
    const result = zColor.safeParse('blue');
    expect(result.success).toBe(false);
    if (!result.success) expect(result.error.issues[0]?.message).toBe('err_color');
  });
});
