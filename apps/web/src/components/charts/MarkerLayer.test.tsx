import { describe, expect, it } from 'vitest';
import { useState } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MarkerLayer, type HoveredMarker, type MarkerAnchor } from './MarkerLayer';

const anchors: MarkerAnchor[] = [
  { id: '11', time: 1_747_353_600, x: 40, y: 120 },
  { id: '12', time: 1_747_357_200, x: 300, y: 80 },
];

function Harness() {
  const [hovered, setHovered] = useState<HoveredMarker | null>(null);
  return (
    <>
      <button type="button">before</button>
      <MarkerLayer anchors={anchors} hovered={hovered} onHover={setHovered} width={400} markerTip={(id) => <span>tip of {id}</span>} label={(a, i, n) => `Signal marker ${i + 1} of ${n}`} />
    </>
  );
}

describe('chart marker tooltips from the keyboard', () => {
  it('each visible marker has a focusable target with a visible focus ring, placed over the marker', () => {
    render(<Harness />);
    const targets = screen.getAllByTestId('marker-target');
    expect(targets).toHaveLength(2);
    for (const t of targets) {
      expect(t.tagName).toBe('BUTTON');
      expect(t).toHaveAttribute('tabindex', '0');
      expect(t.className).toMatch(/focus-visible:outline-2/);
      expect(t.className).toMatch(/focus-visible:outline-primary-500/);
    }
    expect(targets[0]).toHaveAccessibleName('Signal marker 1 of 2');
    expect(targets[1].style.left).toBe('300px');
    expect(targets[1].style.top).toBe('80px');
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('focus shows the tooltip (described by it), blur and Escape hide it', () => {
    render(<Harness />);
    const [first, second] = screen.getAllByTestId('marker-target');
    act(() => first.focus());
    const tip = screen.getByRole('tooltip');
    expect(tip).toHaveTextContent('tip of 11');
    expect(first).toHaveAttribute('aria-describedby', tip.id);
    expect(tip.style.left).toBe('48px'); // opens to the right of a marker in the left half
    act(() => second.focus());
    expect(screen.getByRole('tooltip')).toHaveTextContent('tip of 12');
    expect(screen.getByRole('tooltip').style.right).toBe('108px'); // and to the left in the right half
    fireEvent.keyDown(second, { key: 'Escape' });
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(document.activeElement).toBe(second);
    act(() => first.focus());
    expect(screen.getByRole('tooltip')).toHaveTextContent('tip of 11');
    act(() => first.blur());
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('draws no targets without a tooltip to show', () => {
    render(<MarkerLayer anchors={anchors} hovered={null} onHover={() => undefined} width={400} label={() => 'x'} />);
    expect(screen.queryAllByTestId('marker-target')).toHaveLength(0);
  });
});
