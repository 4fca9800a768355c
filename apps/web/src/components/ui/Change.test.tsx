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
