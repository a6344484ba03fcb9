import { useMemo } from 'react';
import { WORLD_FRAME, dotRadius, placeLabels, projectPoint, type CityGroup } from './geo';

const LATS = [60, 30, 0, -30];
const LNGS = [-150, -120, -90, -60, -30, 0, 30, 60, 90, 120, 150];

/**
 * The cities on a graticule (equirectangular, no tiles, nothing downloaded): one dot per city sized
 * by its number of factories; choosing a dot filters the list to that city.
 */
export function CityMap({ groups, activeKey, onPick }: { groups: readonly CityGroup[]; activeKey: string | null; onPick(group: CityGroup): void }) {
  const { width, height } = WORLD_FRAME;
  const labelled = useMemo(() => placeLabels(groups), [groups]);
  return (
    <figure className="card overflow-hidden p-2">
      <svg viewBox={`0 0 ${width} ${height}`} role="group" aria-label="Map of factory cities" className="h-auto w-full" data-testid="factory-map">
        <rect width={width} height={height} fill="#f8fafc" />
        {LATS.map((lat) => {
          const { y } = projectPoint(lat, 0);
          return <line key={`lat${lat}`} x1={0} x2={width} y1={y} y2={y} stroke={lat === 0 ? '#cbd5e1' : '#e2e8f0'} strokeWidth={1} />;
        })}
        {LNGS.map((lng) => {
          const { x } = projectPoint(0, lng);
          return <line key={`lng${lng}`} y1={0} y2={height} x1={x} x2={x} stroke={lng === 0 ? '#cbd5e1' : '#e2e8f0'} strokeWidth={1} />;
        })}
        {groups.map((g) => {
          const { x, y } = projectPoint(g.lat, g.lng);
          const active = g.key === activeKey;
          const label = `${g.city}, ${g.country}: ${g.count} ${g.count === 1 ? 'factory' : 'factories'}`;
          return (
            <g
              key={g.key}
              role="button"
              tabIndex={0}
              aria-label={label}
              aria-pressed={active}
              className="cursor-pointer focus:outline-none"
              onClick={() => onPick(g)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' || e.key === ' ') {
                  e.preventDefault();
                  onPick(g);
                }
              }}
            >
              <title>{label}</title>
              <circle
                cx={x}
                cy={y}
                r={dotRadius(g.count)}
                fill={active ? '#6d28d9' : '#8b5cf6'}
                fillOpacity={active ? 0.95 : 0.6}
                stroke="#fff"
                strokeWidth={1.5}
              />
            </g>
          );
        })}
        {/* Names apart from the dots: a dot's target is the dot alone, and a name never covers a neighbour's dot. */}
        <g aria-hidden="true" pointerEvents="none">
          {groups
            .filter((g) => labelled.has(g.key))
            .map((g) => {
              const { x, y } = projectPoint(g.lat, g.lng);
              return (
                <text key={g.key} x={x + dotRadius(g.count) + 2} y={y + 3} fontSize={9} fill="#334155">
                  {g.city}
                </text>
              );
            })}
        </g>
      </svg>
      <figcaption className="px-2 pb-1 pt-2 text-xs text-slate-500">
        Each dot is a city, sized by its number of factories. Choose one to see its factories.
      </figcaption>
    </figure>
  );
}

/** The same cities as a list: city, country and count. */
export function CityGroups({ groups, activeKey, onPick }: { groups: readonly CityGroup[]; activeKey: string | null; onPick(group: CityGroup): void }) {
  return (
    <ul aria-label="Cities" className="flex flex-wrap gap-2" data-testid="city-groups">
      {groups.map((g) => (
        <li key={g.key}>
          <button type="button" className={`chip ${g.key === activeKey ? 'chip-active' : ''}`} aria-pressed={g.key === activeKey} onClick={() => onPick(g)}>
            {g.city}, {g.country} · {g.count}
          </button>
        </li>
      ))}
    </ul>
  );
}
