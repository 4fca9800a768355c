import { Logo } from './Logo';

/**
 * The header's place while the app hydrates the server's markup: the bar with the logo, the same
 * geometry as {@link Header} (and as index.html's static shell), so nothing moves when the header
 * replaces it after the hydrating render.
 */
export function HeaderPlaceholder() {
  return (
    <header className="fixed inset-x-0 top-0 z-40 h-[58px] border-b border-border bg-surface/95 backdrop-blur">
      <div className="mx-auto flex h-full w-full max-w-[1440px] items-center gap-2 px-3 sm:px-4 lg:px-6">
        <Logo />
      </div>
    </header>
  );
}
