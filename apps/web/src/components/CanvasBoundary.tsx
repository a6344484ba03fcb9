import { Component, type ReactNode } from 'react';

interface Props {
  readonly fallback: (message: string) => ReactNode;
  readonly children: ReactNode;
}

/** Catches a renderer (or its lazily loaded chunk) that cannot start (no WebGL context, a shader the driver refuses) and says so in words. */
export class CanvasBoundary extends Component<Props, { error: string | null }> {
  override state: { error: string | null } = { error: null };

  static getDerivedStateFromError(error: unknown): { error: string } {
    return { error: error instanceof Error ? error.message : String(error) };
  }

  override render(): ReactNode {
    return this.state.error !== null ? this.props.fallback(this.state.error) : this.props.children;
  }
}
