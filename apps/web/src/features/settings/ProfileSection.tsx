import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Profile, ProfileInput, User } from '@coinlens/contracts';
import { AvatarImage } from '../../components/avatar/avatars';
import { AvatarDialog } from '../../components/avatar/AvatarDialog';
import { Panel } from '../../components/ui';
import { api } from '../../lib/api-client';
import { ME_QUERY_KEY, saveUserName } from '../../lib/session';
import { apiErrorToForm, inputCls, TextInput } from '../auth';
import { profileResolver, todayYmd } from './settings-schemas';
import { btn, primaryBtn, Row } from './settings-ui';

const saveProfile = (body: ProfileInput) => api('saveProfile', { body }, { navigationScoped: false, retries: 0 });

/** Avatar, display name, bio, birthday; Save keeps what was typed when the server refuses it. */
export function ProfileSection({ me }: { me: User }) {
  const { t } = useTranslation('settings');
  const qc = useQueryClient();
  const [avatarOpen, setAvatarOpen] = useState(false);
  const { register, handleSubmit, setError, formState } = useForm({
    resolver: profileResolver,
    defaultValues: { nickname: me.profile.nickname, biography: me.profile.biography, birthday: me.profile.birthday ?? '' },
  });
  const errors = formState.errors;
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; key: string } | null>(null);
  const done = (p: Profile) => {
    qc.setQueryData([...ME_QUERY_KEY, me.id], { ...me, profile: p });
    void qc.invalidateQueries({ queryKey: ME_QUERY_KEY });
    saveUserName(p.nickname || me.username);
  };
  const avatar = useMutation({ mutationFn: (key: string) => saveProfile({ avatar: { type: 'preset', key: key as Profile['avatar']['key'] } }), onSuccess: done });
  const save = useMutation({ mutationFn: saveProfile, onSuccess: done });
  const today = todayYmd();
  const submit = handleSubmit(
    async (v) => {
      setMessage(null);
      try {
        await save.mutateAsync({ nickname: v.nickname, biography: v.biography, birthday: v.birthday || null });
        setMessage({ kind: 'success', key: 'settings:actions.saved' });
      } catch (err) {
        const r = apiErrorToForm(err);
        for (const k of ['nickname', 'biography', 'birthday'] as const) if (r.fields[k]) setError(k, { type: 'server', message: 'invalid' });
        if (r.form) setMessage({ kind: 'error', key: r.form });
      }
    },
    () => setMessage(null),
  );
  const fieldError = (k: 'nickname' | 'biography' | 'birthday') => {
    const m = errors[k]?.message;
    return m === 'tooLong40' ? t('profile.tooLong', { max: 40 }) : m === 'tooLong500' ? t('profile.tooLong', { max: 500 }) : m ? t('auth:validation.invalid') : null;
  };
  return (
    <Panel title={t('sections.profile')}>
      <form onSubmit={submit} noValidate className="divide-y divide-border px-4">
        <Row label={t('avatar.change')}>
          <div className="flex items-center gap-3">
            <AvatarImage avatarKey={me.profile.avatar.key} size={56} label={t('avatar.change')} />
            <button type="button" className={btn} onClick={() => setAvatarOpen(true)} data-testid="avatar-edit">
              {t('actions.edit')}
            </button>
          </div>
        </Row>
        <Row label={t('profile.username')}>
          <span data-testid="settings-username">{me.username}</span>
        </Row>
        <Row label={<label htmlFor="nickname">{t('profile.nickname')}</label>}>
          <TextInput id="nickname" maxLength={60} placeholder={t('profile.nicknamePlaceholder')} {...register('nickname')} error={errors.nickname?.message} />
          {errors.nickname && <p className="mt-1 text-[12px] text-down" id="nickname-error">{fieldError('nickname')}</p>}
        </Row>
        <Row label={<label htmlFor="biography">{t('profile.bio')}</label>}>
          <textarea id="biography" rows={3} placeholder={t('profile.bioPlaceholder')} {...register('biography')} className={inputCls} aria-invalid={!!errors.biography} />
          {errors.biography && <p className="mt-1 text-[12px] text-down">{fieldError('biography')}</p>}
        </Row>
        <Row label={<label htmlFor="birthday">{t('profile.birthday')}</label>}>
          <input id="birthday" type="date" max={today} {...register('birthday')} className={`${inputCls} max-w-48`} aria-invalid={!!errors.birthday} />
          {errors.birthday && <p className="mt-1 text-[12px] text-down">{fieldError('birthday')}</p>}
        </Row>
        <div className="flex items-center justify-end gap-3 py-3">
          {message && <span className={`text-[13px] ${message.kind === 'error' ? 'text-down' : 'text-up'}`} role="status">{t(message.key)}</span>}
          <button type="submit" className={primaryBtn} disabled={save.isPending} data-testid="profile-save">
            {save.isPending ? t('actions.saving') : t('actions.save')}
          </button>
        </div>
      </form>
      <AvatarDialog open={avatarOpen} current={me.profile.avatar.key} onClose={() => setAvatarOpen(false)} onSave={async (key) => void (await avatar.mutateAsync(key))} saving={avatar.isPending} />
    </Panel>
  );
}
