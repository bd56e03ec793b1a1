import { Component, type ReactNode } from 'react';

/**
 * A survey that fails to render (its code could not be downloaded, say) is left out and logged, never
 * shown as an error (platform.md §8): the page around it carries on.
 */
export class QuietBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.warn('A survey could not be shown', error);
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
