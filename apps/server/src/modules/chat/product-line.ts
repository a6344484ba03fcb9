/**
 * The product line printed on the pack. The brief keeps the owner's whole text; the pack gets a line
 * a shopper reads at a glance: up to six words, the head of the phrase ("olive oil soap
 * bars made with local goat milk for sensitive skin" → "olive oil soap bars").
 */
const MAX_WORDS = 6;
/** Where the head of a product phrase ends: what it is made with, for, from, and so on. */
const TAIL_RE =
  /\s*(?:[,;:(–—]|\s-\s|\b(?:with|made|for|from|in|into|that|which|using|containing|featuring|infused|by|and\s+(?:a|an|the))\b|\b[a-z]+ed\s+(?:into|in|with|from|by|at|on)\b)/i;

export function productLine(product: string): string {
  const words = product.trim().split(/\s+/).filter(Boolean);
  if (words.length <= MAX_WORDS) return words.join(' ');
  const text = words.join(' ');
  const cut = text.slice(1).search(TAIL_RE);
  const head = (cut >= 0 ? text.slice(0, cut + 1) : text).trim().split(/\s+/);
  // An English noun phrase ends in its head noun: keep the end when it is still long.
  return head.slice(-MAX_WORDS + 1).join(' ');
}
