import { describe, expect, it } from 'vitest';
import { PermissionPolicy } from './permissions';

describe('PermissionPolicy', () => {
  const p = new PermissionPolicy(['lab@example.com']);
  it('adds lab for a listed verified e-mail, any case', () => {
    expect(p.of([], 'Lab@Example.COM')).toEqual(['lab']);
  });
  it('keeps stored permissions and never duplicates', () => {
    expect(p.of(['lab', 'beta'], 'lab@example.com')).toEqual(['lab', 'beta']);
    expect(p.of(['beta'], 'other@example.com')).toEqual(['beta']);
  });
  it('grants nothing without a verified e-mail', () => {
    expect(p.of([], null)).toEqual([]);
    expect(new PermissionPolicy().of([], 'lab@example.com')).toEqual([]);
  });
});
