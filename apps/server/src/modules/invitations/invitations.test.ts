import { describe, expect, it } from 'vitest';
import { canonicalEmail, trialKeyOf } from './invitations.service';

describe('canonical e-mail of a trial', () => {
  it('folds case, +tags and Gmail dots and domains into one mailbox', () => {
    expect(canonicalEmail('A.Lice+2@GoogleMail.com')).toBe('alice@gmail.com');
    expect(canonicalEmail(' alice@gmail.com ')).toBe('alice@gmail.com');
    expect(canonicalEmail('Bob+news@Example.com')).toBe('bob@example.com');
    expect(trialKeyOf('a.lice@gmail.com')).toBe(trialKeyOf('ALICE+x@googlemail.com'));
  });

  it('keeps dots outside Gmail and different mailboxes apart', () => {
    expect(canonicalEmail('b.ob@example.com')).toBe('b.ob@example.com');
    expect(trialKeyOf('bob@example.com')).not.toBe(trialKeyOf('b.ob@example.com'));
    expect(trialKeyOf('alice@gmail.com')).toMatch(/^[0-9a-f]{64}$/);
  });
});
