/**
 * Permissions of an account (the user's `permissions`, e.g. `['lab']`): those stored on the user
 * plus those the operator grants by verified e-mail address (`LAB_EMAILS`).
 */
export class PermissionPolicy {
  private readonly lab: ReadonlySet<string>;

  /** `labEmails`: lower-case addresses that get `lab` (env `LAB_EMAILS`). */
  constructor(labEmails: readonly string[] = []) {
    this.lab = new Set(labEmails.map((e) => e.toLowerCase()));
  }

  /** The effective permissions: `stored` plus `lab` when `email` (verified; any case) is listed; no duplicates, stored order first. */
  of(stored: readonly string[], email: string | null | undefined): string[] {
    const out = [...new Set(stored)];
    if (email && this.lab.has(email.toLowerCase()) && !out.includes('lab')) out.push('lab');
    return out;
  }
}
