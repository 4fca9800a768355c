import { afterEach, describe, expect, it } from 'vitest';
import { clearStaleScrollLock, lockBodyScroll } from './scroll-lock';

afterEach(() => {
  document.body.style.overflow = '';
});

describe('body scroll lock', () => {
  it('nests: the body scrolls again after the last release', () => {
    const a = lockBodyScroll();
    const b = lockBodyScroll();
    expect(document.body.style.overflow).toBe('hidden');
    a();
    a(); // idempotent
    expect(document.body.style.overflow).toBe('hidden');
    b();
    expect(document.body.style.overflow).toBe('');
  });

  it('the navigation unlock leaves an open overlay locked and clears a lock left behind', () => {
    const release = lockBodyScroll();
    clearStaleScrollLock();
    expect(document.body.style.overflow).toBe('hidden');
    release();
    document.body.style.overflow = 'hidden'; // set by something that never released it
    clearStaleScrollLock();
    expect(document.body.style.overflow).toBe('');
  });
});
