import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportBrowserError } from '@/lib/error-reporting';
import { ErrorScreen } from './error-screen';

type Props = { children: ReactNode; /** Changing it (e.g. the path) clears a caught error. */ resetKey?: string };
type State = { error: unknown; hasError: boolean; resetKey: string | undefined };

export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, hasError: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, hasError: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    // Navigating away from a broken page should show the next page, not the old error.
    if (props.resetKey !== state.resetKey) return { resetKey: props.resetKey, error: null, hasError: false };
    return null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Render error', error, info.componentStack);
    reportBrowserError('render', error);
  }

  private readonly reset = () => this.setState({ error: null, hasError: false });

  override render() {
    if (this.state.hasError) return <ErrorScreen error={this.state.error} onRetry={this.reset} />;
    return this.props.children;
  }
}
