import { describe, expect, it } from 'vitest';
import {
  checkAvatarFile,
  checkEmail,
  checkPassword,
  checkPhone,
  checkUserName,
  composePhone,
  defaultCallingCode,
  parseUserInfo,
  profileIsStale,
} from './account.ts';

describe('stored profile', () => {
  const user = {
    userName: 'ann',
    nickname: null,
    avatar: null,
    email: null,
    phone: null,
    invitationCode: 'X',
    emailVerified: false,
    updatedAt: '',
  };
  it('is stale when missing, over a day old or from the future', () => {
    expect(profileIsStale(null, 0)).toBe(true);
    expect(profileIsStale({ user, fetchedAt: 0 }, 86_400_000)).toBe(false);
    expect(profileIsStale({ user, fetchedAt: 0 }, 86_400_001)).toBe(true);
    expect(profileIsStale({ user, fetchedAt: 10 * 86_400_000 }, 0)).toBe(true);
  });
  it('parses only well-formed copies', () => {
    expect(parseUserInfo(JSON.stringify({ user, fetchedAt: 5 }))).toEqual({ user, fetchedAt: 5 });
    expect(parseUserInfo('null')).toBeNull();
    expect(parseUserInfo('{')).toBeNull();
    expect(parseUserInfo(JSON.stringify({ user: {}, fetchedAt: 5 }))).toBeNull();
  });
});

describe('form rules', () => {
  it('user names: 3–20 letters, digits, underscores; not demo_', () => {
    expect(checkUserName('ann_99')).toBeNull();
    expect(checkUserName('ab')).toBe('userName');
    expect(checkUserName('a'.repeat(21))).toBe('userName');
    expect(checkUserName('ann-b')).toBe('userName');
    expect(checkUserName('安妮abc')).toBe('userName');
    expect(checkUserName('Demo_x')).toBe('userNameDemo');
  });
  it('passwords: 6–128 characters and a matching confirmation', () => {
    expect(checkPassword('12345')).toBe('passwordLength');
    expect(checkPassword('123456')).toBeNull();
    expect(checkPassword('x'.repeat(129))).toBe('passwordLength');
    expect(checkPassword('123456', '123457')).toBe('passwordMatch');
    expect(checkPassword('密码密码密码', '密码密码密码')).toBeNull();
  });
  it('e-mail', () => {
    expect(checkEmail('a@b.co')).toBeNull();
    expect(checkEmail('a@b')).toBe('email');
    expect(checkEmail('a b@c.de')).toBe('email');
  });
  it('avatars: jpg or png, at most 2MB', () => {
    expect(checkAvatarFile({ size: 2 * 1024 * 1024, type: 'image/jpeg' })).toBeNull();
    expect(checkAvatarFile({ size: 2 * 1024 * 1024 + 1, type: 'image/png' })).toBe('avatarSize');
    expect(checkAvatarFile({ size: 10, type: 'image/svg+xml' })).toBe('avatarType');
  });
});

describe('phones', () => {
  it('default calling code by locale', () => {
    expect([
      defaultCallingCode('zh'),
      defaultCallingCode('ko'),
      defaultCallingCode('zh-hk'),
      defaultCallingCode('en'),
    ]).toEqual(['86', '82', '852', '1']);
  });
  it('composes +<code><number>, keeps a typed +, drops separators', () => {
    expect(composePhone('86', '138 0013-8000')).toBe('+8613800138000');
    expect(composePhone('86', ' +1 (415) 555-0100')).toBe('+14155550100');
    expect(checkPhone(composePhone('86', '138'))).toBe('phone');
    expect(checkPhone(composePhone('86', 'abc12345'))).toBe('phone');
    expect(checkPhone('+8613800138000')).toBeNull();
  });
});
