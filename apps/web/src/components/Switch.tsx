/** On/off switch, 2.5rem × 1.5rem, keyboard accessible (`role="switch"`). */
export function Switch({ checked, onChange, labelledBy, label, disabled }: { checked: boolean; onChange: (v: boolean) => void; labelledBy?: string; label?: string; disabled?: boolean }) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-labelledby={labelledBy}
      aria-label={label}
      disabled={disabled}
      onClick={() => onChange(!checked)}
      className={`relative inline-flex h-[1.5rem] w-[2.5rem] shrink-0 items-center rounded-full transition-colors disabled:opacity-50 ${checked ? 'bg-primary-600' : 'bg-surface-2 ring-1 ring-inset ring-border'}`}
    >
      <span className={`inline-block h-[1.1rem] w-[1.1rem] rounded-full bg-white shadow transition-transform ${checked ? 'translate-x-[1.2rem]' : 'translate-x-[0.2rem]'}`} />
    </button>
  );
}
