import { describe, expect, it } from 'vitest';
import { socketDirFor } from './embedded';

describe('socketDirFor', () => {
  it('puts the socket in the cluster directory when the socket path fits', () => {
    expect(socketDirFor('/var/lib/theone/clusters/abc/postgres', 40123)).toBe('/var/lib/theone/clusters/abc/postgres');
  });

  it('gives TCP only for a path too long for a socket (107 bytes) or one the setting cannot carry', () => {
    const long = `/home/${'x'.repeat(80)}/data/postgres`;
    expect(socketDirFor(long, 40123)).toBeUndefined();
    expect(socketDirFor('/home/ann/my data/postgres', 40123)).toBeUndefined();
    expect(socketDirFor('/home/ann/a,b/postgres', 40123)).toBeUndefined();
  });
});
