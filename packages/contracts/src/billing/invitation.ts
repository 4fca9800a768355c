import { z } from 'zod';
import { resultOf } from '../common/envelope';

/** The caller's own invitation code and whether it can be used (`inactive` = disabled). */
export const InvitationCode = z.object({ code: z.string(), state: z.enum(['active', 'inactive']) });
export type InvitationCode = z.infer<typeof InvitationCode>;
// GET /api/invitation/code
export const GetInvitationCodeResponse = resultOf(InvitationCode);

// POST /api/invitation/bind {code}: an empty code answers 400 INVITE_CODE_EMPTY (not a schema error)
export const BindInvitationBody = z.object({ code: z.string().max(64).optional().default('') });
export type BindInvitationBody = z.infer<typeof BindInvitationBody>;
/** After binding: the 7-day trial is added to the membership (ISO 8601 dates). */
export const BindInvitationResult = z.object({
  isPro: z.boolean(),
  isUsedInvitationCode: z.boolean(),
  subscription_start_date: z.string().nullable(),
  subscription_end_date: z.string().nullable(),
});
export type BindInvitationResult = z.infer<typeof BindInvitationResult>;
export const BindInvitationResponse = resultOf(BindInvitationResult);
