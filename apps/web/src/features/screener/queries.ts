import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ScreenInput } from '@coinlens/contracts/screener/screen';
import { api } from '../../lib/api-client';
import { useSession } from '../../lib/session';

/** Query keys of the screener feature. */
export const SCREENER_KEYS = {
  catalogue: ['screener', 'catalogue'] as const,
  saved: ['screener', 'saved'] as const,
  /** The alert rules list of the alerts feature (a screen's alert is one of them). */
  alertRules: ['alerts', 'rules'] as const,
};

/** The fields and signal patterns a condition can name (`GET /api/screener/catalogue`); static, cached for the session. */
export function useScreenCatalogue() {
  return useQuery({ queryKey: SCREENER_KEYS.catalogue, staleTime: Infinity, queryFn: ({ signal }) => api('getScreenCatalogue', {}, { signal }) });
}

/** Runs a screen (`POST /api/screener/run`); rejects with ApiError (400 VALIDATION_FAILED with the failing fields). */
export function useRunScreen() {
  return useMutation({ mutationFn: (screen: ScreenInput) => api('runScreen', { body: screen }) });
}

/** The caller's saved screens with the plan limit (`GET /api/screener/screens`); off when signed out. */
export function useSavedScreens() {
  const { token } = useSession();
  return useQuery({ queryKey: SCREENER_KEYS.saved, enabled: !!token, queryFn: ({ signal }) => api('getSavedScreens', {}, { signal }) });
}

/** Saves a screen (`POST /api/screener/screens`); rejects with ApiError (409 SCREEN_LIMIT_REACHED). */
export function useSaveScreen() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (b: { name: string; screen: ScreenInput }) => api('createSavedScreen', { body: b }, { navigationScoped: false }),
    onSettled: () => qc.invalidateQueries({ queryKey: SCREENER_KEYS.saved }),
  });
}

/** Deletes a saved screen and its enter alert (`DELETE /api/screener/screens/:id`). */
export function useDeleteScreen() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api('deleteSavedScreen', { params: { id } }, { navigationScoped: false }),
    onSettled: () => Promise.all([qc.invalidateQueries({ queryKey: SCREENER_KEYS.saved }), qc.invalidateQueries({ queryKey: SCREENER_KEYS.alertRules })]),
  });
}

/**
 * Arms, pauses or resumes the enter alert of a saved screen: a new alert rule of kind `screen`
 * (`POST /api/alerts/rules`, in-app plus e-mail when asked) or the rule's `active` flag
 * (`PATCH /api/alerts/rules/:id`). Rejects with ApiError (409 ALERT_RULE_LIMIT_REACHED).
 */
export function useScreenAlert() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (a: { screenId: number; ruleId: number | null; active: boolean; email: boolean }) =>
      a.ruleId == null
        ? api('createAlertRule', { body: { rule: { kind: 'screen', screen_id: a.screenId }, channels: a.email ? ['email'] : [] } }, { navigationScoped: false })
        : api('updateAlertRule', { params: { id: a.ruleId }, body: { active: a.active } }, { navigationScoped: false }),
    onSettled: () => Promise.all([qc.invalidateQueries({ queryKey: SCREENER_KEYS.saved }), qc.invalidateQueries({ queryKey: SCREENER_KEYS.alertRules })]),
  });
}
