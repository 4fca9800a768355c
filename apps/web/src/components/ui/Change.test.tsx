import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Change } from './Change';
import { CoinLogo } from './CoinLogo';

describe('Change', () => {
  it('shows a change that rounds to zero as neutral: no arrow, no up colour', () => {
    render(<Change value={0.003} />);
    const el = screen.getByText('0.00%');
    expect(el).toHaveAttribute('data-trend', 'flat');
    expect(el.textContent).not.toMatch(/[▲▼]/);
    expect(el.className).not.toContain('text-up');
  });

  it('keeps the arrow and colour of a visible move', () => {
    render(<Change value={-2.4} />);
    const el = screen.getByText(/2\.40%/);
    expect(el).toHaveAttribute('data-trend', 'down');
    expect(el.textContent).toBe('▼ 2.40%');
  });
});

describe('CoinLogo', () => {
  it('puts the image on a light disc in the dark theme, so a dark mark on a transparent ground stays visible', () => {
    const { container } = render(<CoinLogo src="/icons/ada.svg" symbol="ADA" />);
    const img = container.querySelector('img')!;
    expect(img.className).toMatch(/\bdark:bg-slate-100\b/);
    expect(img.className).toContain('rounded-full');
  });
});

describe('CoinLogo without an image', () => {
  it('draws the symbol on a disc of its size with no style attribute (the server-rendered pages allow none)', () => {
    const { container } = render(<CoinLogo src={null} symbol="WXYZ" size={22} />);
    const svg = container.querySelector('[data-testid="coin-monogram"]')!;
    expect(svg.getAttribute('width')).toBe('22');
    expect(svg.getAttribute('height')).toBe('22');
    expect(svg.textContent).toBe('WXY');
    expect(container.innerHTML).not.toMatch(/\sstyle="/);
  });
});

describe('CoinLogo hydrated', () => {
  it('shows the symbol when the server-rendered image failed before the app hydrated it', async () => {
    const { renderToString } = await import('react-dom/server');
    const { hydrateRoot } = await import('react-dom/client');
    const { act } = await import('@testing-library/react');
    const container = document.createElement('div');
    container.innerHTML = renderToString(<CoinLogo src="/icons/gone.svg" symbol="GONE" />);
    document.body.appendChild(container);
    // what a browser reports for an image whose request failed: complete, no pixels
    const img = container.querySelector('img')!;
    Object.defineProperties(img, { complete: { value: true }, currentSrc: { value: 'http://localhost/icons/gone.svg' }, naturalWidth: { value: 0 } });
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(container, <CoinLogo src="/icons/gone.svg" symbol="GONE" />);
    });
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('[data-testid="coin-monogram"]')?.textContent).toBe('GON');
    act(() => root!.unmount());
    container.remove();
  });
});
