export const toMs = (d: Date | null | undefined): number | null => (d ? d.getTime() : null);
export const toMsOrZero = (d: Date | null | undefined): number => (d ? d.getTime() : 0);
