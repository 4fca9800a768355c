import { useId, type ReactNode } from 'react';

/** Where a chart marker is drawn, in px from the chart's top-left corner; `time` = candle open (s). */
export interface MarkerAnchor {
  id: string;
  time: number;
  x: number;
  y: number;
}

/** The marker whose tooltip is open: by id, at (x, y) px; `focus` when opened from the keyboard. */
export interface HoveredMarker {
  id: string;
  x: number;
  y: number;
  focus?: boolean;
}

/**
 * Keyboard access and tooltip of the markers of a canvas chart: one focusable target per visible
 * marker, placed over it (transparent, so the pointer still reaches the chart), with a visible
 * focus ring; focusing a target opens its tooltip (`markerTip(id)`), blurring or Escape closes it.
 * The tooltip of the marker under the pointer (`hovered` from the chart) is drawn the same way.
 * `label(anchor, index, count)`: the accessible name of a target. `width`: the chart width (px),
 * to open the tooltip towards the inside.
 */
export function MarkerLayer({ anchors, hovered, onHover, markerTip, width, label }: {
  anchors: readonly MarkerAnchor[];
  hovered: HoveredMarker | null;
  onHover: (h: HoveredMarker | null) => void;
  markerTip?: (id: string) => ReactNode;
  width: number;
  label: (a: MarkerAnchor, index: number, count: number) => string;
}) {
  const tipId = useId();
  const tip = hovered && markerTip ? markerTip(hovered.id) : null;
  return (
    <>
      {markerTip &&
        anchors.map((a, i) => (
          <button
            key={a.id}
            type="button"
            tabIndex={0}
            aria-label={label(a, i, anchors.length)}
            aria-describedby={tip && hovered?.id === a.id ? tipId : undefined}
            data-testid="marker-target"
            data-marker-id={a.id}
            className="pointer-events-none absolute z-10 h-5 w-5 -translate-x-1/2 -translate-y-1/2 rounded-full bg-transparent focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary-500"
            style={{ left: a.x, top: a.y }}
            onFocus={() => onHover({ id: a.id, x: a.x, y: a.y, focus: true })}
            onBlur={() => onHover(null)}
            onKeyDown={(e) => {
              if (e.key === 'Escape' && hovered?.id === a.id) {
                e.stopPropagation();
                onHover(null);
              }
            }}
          />
        ))}
      {hovered && tip && (
        <div
          id={tipId}
          role="tooltip"
          data-testid="marker-tip"
          className="pointer-events-none absolute z-20 max-w-[min(320px,90%)] rounded-md border border-border bg-surface px-2.5 py-1.5 text-[12px] text-fg shadow-lg"
          style={{ top: Math.max(4, hovered.y + 14), ...(hovered.x > width / 2 ? { right: Math.max(4, width - hovered.x + 8) } : { left: hovered.x + 8 }) }}
        >
          {tip}
        </div>
      )}
    </>
  );
}
