import type { ReactElement } from 'react';
import type { AvatarKey } from '@coinlens/contracts';

/** The eight selectable presets (a0 is the default and never offered). */
export const PRESET_KEYS: Exclude<AvatarKey, 'a0'>[] = ['a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a7', 'a8'];

/** Artwork of each key on a 64 × 64 canvas (drawn for Coinlens). */
const ART: Record<AvatarKey, ReactElement> = {
  // default: neutral silhouette
  a0: (
    <>
      <rect width="64" height="64" fill="#cbd5e1" />
      <circle cx="32" cy="25" r="11" fill="#f8fafc" />
      <path d="M12 58c2-11 10-17 20-17s18 6 20 17z" fill="#f8fafc" />
    </>
  ),
  // orbit: a ringed planet
  a1: (
    <>
      <rect width="64" height="64" fill="#312e81" />
      <circle cx="14" cy="14" r="1.4" fill="#c7d2fe" />
      <circle cx="50" cy="12" r="1" fill="#c7d2fe" />
      <circle cx="52" cy="50" r="1.2" fill="#c7d2fe" />
      <circle cx="32" cy="32" r="13" fill="#818cf8" />
      <path d="M24 26a13 13 0 0 1 16-6" stroke="#c7d2fe" strokeWidth="2.5" fill="none" strokeLinecap="round" />
      <ellipse cx="32" cy="33" rx="24" ry="7" transform="rotate(-18 32 33)" fill="none" stroke="#fbbf24" strokeWidth="3" />
    </>
  ),
  // summit: mountains under a sun
  a2: (
    <>
      <rect width="64" height="64" fill="#0f766e" />
      <circle cx="44" cy="20" r="8" fill="#fde68a" />
      <path d="M0 52l18-24 12 14 10-12 24 22v12H0z" fill="#134e4a" />
      <path d="M18 28l6 8-6-2-5 4z" fill="#ccfbf1" />
      <path d="M0 58l22-14 16 8 26-10v22H0z" fill="#115e59" />
    </>
  ),
  // candles: green and red candlesticks
  a3: (
    <>
      <rect width="64" height="64" fill="#0f172a" />
      <path d="M16 14v36M32 10v34M48 20v34" stroke="#64748b" strokeWidth="2" />
      <rect x="11" y="22" width="10" height="20" rx="1.5" fill="#22c55e" />
      <rect x="27" y="16" width="10" height="16" rx="1.5" fill="#ef4444" />
      <rect x="43" y="26" width="10" height="22" rx="1.5" fill="#22c55e" />
    </>
  ),
  // fox: geometric face
  a4: (
    <>
      <rect width="64" height="64" fill="#fed7aa" />
      <path d="M14 14l10 14h16l10-14 2 22-20 18-20-18z" fill="#ea580c" />
      <path d="M18 36l14 18 14-18-14 6z" fill="#fff7ed" />
      <circle cx="25" cy="33" r="2.5" fill="#1c1917" />
      <circle cx="39" cy="33" r="2.5" fill="#1c1917" />
      <path d="M29.5 45h5l-2.5 3z" fill="#1c1917" />
    </>
  ),
  // owl: big eyes at night
  a5: (
    <>
      <rect width="64" height="64" fill="#581c87" />
      <path d="M14 20l6 6h24l6-6v22c0 10-8 16-18 16s-18-6-18-16z" fill="#a855f7" />
      <circle cx="24" cy="34" r="8" fill="#faf5ff" />
      <circle cx="40" cy="34" r="8" fill="#faf5ff" />
      <circle cx="24" cy="34" r="3.5" fill="#1e1b4b" />
      <circle cx="40" cy="34" r="3.5" fill="#1e1b4b" />
      <path d="M29 42h6l-3 5z" fill="#fbbf24" />
    </>
  ),
  // waves: layered sea
  a6: (
    <>
      <rect width="64" height="64" fill="#e0f2fe" />
      <path d="M0 30c8-6 16-6 24 0s16 6 24 0 12-4 16-2v36H0z" fill="#38bdf8" />
      <path d="M0 42c8-6 16-6 24 0s16 6 24 0 12-4 16-2v24H0z" fill="#0284c7" />
      <path d="M0 54c8-5 16-5 24 0s16 5 24 0 12-3 16-2v12H0z" fill="#075985" />
    </>
  ),
  // gem: a faceted diamond
  a7: (
    <>
      <rect width="64" height="64" fill="#fce7f3" />
      <path d="M20 16h24l10 12-22 24-22-24z" fill="#ec4899" />
      <path d="M10 28h44L32 52z" fill="#db2777" />
      <path d="M20 16l6 12h12l6-12M26 28l6 24 6-24" stroke="#fbcfe8" strokeWidth="1.5" fill="none" strokeLinejoin="round" />
    </>
  ),
  // bolt: lightning on amber
  a8: (
    <>
      <rect width="64" height="64" fill="#f59e0b" />
      <circle cx="32" cy="32" r="20" fill="#fbbf24" />
      <path d="M35 10L18 36h12l-4 18 20-28H34z" fill="#78350f" />
    </>
  ),
};

/** A round avatar image of `avatarKey` (unknown keys show a0). `size` in px. */
export function AvatarImage({ avatarKey, size = 32, className = '', label }: { avatarKey: string | null | undefined; size?: number; className?: string; label?: string }) {
  const key = (avatarKey && avatarKey in ART ? avatarKey : 'a0') as AvatarKey;
  return (
    <svg
      viewBox="0 0 64 64"
      width={size}
      height={size}
      className={`shrink-0 rounded-full ${className}`}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      data-avatar={key}
    >
      <clipPath id={`avatar-clip-${key}`}>
        <circle cx="32" cy="32" r="32" />
      </clipPath>
      <g clipPath={`url(#avatar-clip-${key})`}>{ART[key]}</g>
    </svg>
  );
}
