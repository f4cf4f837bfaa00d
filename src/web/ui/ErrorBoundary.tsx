import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from '../i18n/translate.tsx';
import styles from './ErrorBoundary.module.css';

/** 'Unexpected Application Error!' with the default error text and a way out. */
export function ErrorView() {
  const { t } = useTranslation();
  return (
    <section className={styles.error} role="alert">
      <h1 className={styles.title}>{t('error.unexpected')}</h1>
      <p>{t('error.default')}</p>
      <button
        type="button"
        className={styles.reload}
        onClick={() => {
          window.location.reload();
        }}
      >
        {t('error.reload')}
      </button>
    </section>
  );
}

type State = { failed: boolean };

/** Keeps one broken page from taking down the header and the rest of the shell. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Unexpected application error', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? <ErrorView /> : this.props.children;
  }
}
