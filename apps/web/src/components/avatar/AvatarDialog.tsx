import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogButton } from '../Dialog';
import { AvatarImage, PRESET_KEYS } from './avatars';

/**
 * Avatar picker: 25rem wide (90% on mobile), a 4-column grid of the 8 presets.
 * Save is enabled only when the choice differs from `current`; Save calls `onSave(key)` and closes,
 * Cancel, Escape and a click on the mask close without saving.
 */
export function AvatarDialog({ open, current, onClose, onSave, saving = false }: {
  open: boolean;
  current: string;
  onClose: () => void;
  onSave: (key: string) => void | Promise<void>;
  saving?: boolean;
}) {
  const { t } = useTranslation('settings');
  const [choice, setChoice] = useState(current);
  useEffect(() => {
    if (open) setChoice(current);
  }, [open, current]);
  const changed = choice !== current && choice !== 'a0';
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('avatar.title')}
      width="25rem"
      footer={
        <>
          <DialogButton onClick={onClose}>{t('actions.cancel')}</DialogButton>
          <DialogButton
            primary
            disabled={!changed || saving}
            onClick={async () => {
              await onSave(choice);
              onClose();
            }}
            testId="avatar-save"
          >
            {t('actions.save')}
          </DialogButton>
        </>
      }
    >
      <div role="radiogroup" aria-label={t('avatar.title')} className="grid grid-cols-4 gap-3" data-testid="avatar-grid">
        {PRESET_KEYS.map((key) => (
          <button
            key={key}
            type="button"
            role="radio"
            aria-checked={choice === key}
            aria-label={t('avatar.preset', { n: key.slice(1) })}
            onClick={() => setChoice(key)}
            className={`flex items-center justify-center rounded-full p-1 transition ${choice === key ? 'ring-2 ring-primary-500 ring-offset-2 ring-offset-surface' : 'hover:opacity-80'}`}
            data-testid={`avatar-option-${key}`}
          >
            <AvatarImage avatarKey={key} size={64} />
          </button>
        ))}
      </div>
    </Dialog>
  );
}
