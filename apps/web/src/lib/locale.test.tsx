import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  detectLocale,
  fromBrowserLanguage,
  homePath,
  isSupportedLang,
  replaceLangInPath,
  resolveLocale,
  switchLanguage,
  toStoredLocale,
  toUrlLang,
} from './locale';
import { initI18nForTests as initI18n } from '../app/i18n-test-utils';
import { buildRouteObjects } from '../app/routes';

initI18n('en-US');

describe('locale rules', () => {
  it('accepts only en-US and zh-CN as URL languages', () => {
    expect(isSupportedLang('en-US')).toBe(true);
    expect(isSupportedLang('zh-CN')).toBe(true);
    expect(isSupportedLang('fr-FR')).toBe(false);
    expect(isSupportedLang('en_US')).toBe(false);
  });
  it('converts between stored and URL forms', () => {
    expect(toUrlLang('zh_CN')).toBe('zh-CN');
    expect(toUrlLang('en-US')).toBe('en-US');
    expect(toUrlLang('de_DE')).toBeNull();
    expect(toStoredLocale('zh-CN')).toBe('zh_CN');
  });
  it('maps browser languages', () => {
    expect(fromBrowserLanguage('zh-TW')).toBe('zh-CN');
    expect(fromBrowserLanguage('zh')).toBe('zh-CN');
    expect(fromBrowserLanguage('en-GB')).toBe('en-US');
    expect(fromBrowserLanguage('fr')).toBeNull();
  });
  it('prefers the stored locale, then the browser, then English', () => {
    expect(resolveLocale('zh_CN', ['en-US'])).toBe('zh-CN');
    expect(resolveLocale(null, ['fr-FR', 'zh-CN'])).toBe('zh-CN');
    expect(resolveLocale('garbage', ['de'])).toBe('en-US');
    expect(resolveLocale(null, [])).toBe('en-US');
  });
  it('reads localStorage in detectLocale', () => {
    localStorage.setItem('locale', 'zh_CN');
    expect(detectLocale()).toBe('zh-CN');
  });
  it('replaces the language segment', () => {
    expect(replaceLangInPath('/en-US/crypto/bitcoin', 'zh-CN')).toBe('/zh-CN/crypto/bitcoin');
    expect(replaceLangInPath('/zh-CN', 'en-US')).toBe('/en-US');
    expect(replaceLangInPath('/', 'zh-CN')).toBe('/zh-CN');
    expect(homePath('zh-CN')).toBe('/zh-CN/home');
  });
  it('switchLanguage stores the underscore form and reloads with the new segment', () => {
    window.history.pushState({}, '', '/en-US/crypto/bitcoin?x=1');
    const assign = vi.fn();
    switchLanguage('zh-CN', assign);
    expect(localStorage.getItem('locale')).toBe('zh_CN');
    expect(assign).toHaveBeenCalledWith('/zh-CN/crypto/bitcoin?x=1');
  });
});

function renderAt(path: string) {
  const router = createMemoryRouter(buildRouteObjects(), { initialEntries: [path] });
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false } } });
  render(
    <QueryClientProvider client={qc}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('redirects', () => {
  it('redirects / to the stored locale home', async () => {
    localStorage.setItem('locale', 'zh_CN');
    const router = renderAt('/');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/zh-CN/home'));
  });
  it('redirects /{lang} to the locale home', async () => {
    const router = renderAt('/en-US');
    await vi.waitFor(() => expect(router.state.location.pathname).toMatch(/^\/(en-US|zh-CN)\/home$/));
  });
  it('sends an unknown language to / and then home', async () => {
    localStorage.setItem('locale', 'en_US');
    const router = renderAt('/fr-FR/home');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/en-US/home'));
  });
  it('guards settings: no token → register', async () => {
    const router = renderAt('/en-US/settings');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/en-US/register'));
  });
  it('shows the not-found page with a link home for unknown paths', async () => {
    renderAt('/en-US/does-not-exist');
    expect(await screen.findByTestId('not-found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/en-US/home');
    expect(screen.queryByTestId('app-header')).toBeNull();
    await vi.waitFor(() => expect(document.title).toBe('Page not found · Coinlens'));
  });
});
