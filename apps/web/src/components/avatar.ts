/** SPEC §9: the avatar placeholder is 120×120, purple, with the user's initial. */
export const AVATAR_SIZE = 120;
export const AVATAR_COLOR = '#7c3aed';

export function initialOf(nameOrEmail: string | null | undefined): string {
  const first = [...(nameOrEmail ?? '').trim()][0];
  return first ? first.toLocaleUpperCase() : '?';
}

function escapeXml(s: string): string {
  return s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** An SVG data URL: purple circle, white initial, 120×120. */
export function avatarPlaceholder(nameOrEmail: string | null | undefined): string {
  const initial = escapeXml(initialOf(nameOrEmail));
  const half = AVATAR_SIZE / 2;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${AVATAR_SIZE}" height="${AVATAR_SIZE}" viewBox="0 0 ${AVATAR_SIZE} ${AVATAR_SIZE}">` +
    `<circle cx="${half}" cy="${half}" r="${half}" fill="${AVATAR_COLOR}"/>` +
    `<text x="50%" y="50%" dy=".35em" text-anchor="middle" font-family="system-ui,-apple-system,Segoe UI,Roboto,sans-serif" font-size="56" font-weight="600" fill="#ffffff">${initial}</text>` +
    `</svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
