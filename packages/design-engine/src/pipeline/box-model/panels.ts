import type { Dieline, Panel, PanelRole } from '../../dieline/types.js';

/** A dieline's panels, looked up by id or role. */
export class Panels {
  constructor(readonly dieline: Dieline) {}
  byId(id: string): Panel | undefined {
    return this.dieline.panels.find((p) => p.id === id);
  }
  get(id: string): Panel {
    const p = this.byId(id);
    if (!p) throw new Error(`${this.dieline.family} dieline has no panel ${id}`);
    return p;
  }
  withRole(role: PanelRole): Panel[] {
    return this.dieline.panels.filter((p) => p.role === role).sort((a, b) => a.bounds.x - b.bounds.x || a.bounds.y - b.bounds.y);
  }
  one(role: PanelRole): Panel | undefined {
    return this.withRole(role)[0];
  }
  /** The principal display face (exactly one per dieline). */
  front(): Panel {
    const p = this.one('front');
    if (!p) throw new Error(`${this.dieline.family} dieline has no front panel`);
    return p;
  }
}
