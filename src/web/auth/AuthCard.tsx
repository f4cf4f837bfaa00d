import type { ReactNode } from 'react';
import { Logo } from '../ui/Logo.tsx';
import styles from './AuthCard.module.css';

/** The centred card that holds the login and sign-up forms. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <section className={styles.card} aria-labelledby="auth-title">
      <Logo size={40} />
      <h1 id="auth-title" className={styles.title}>
        {title}
      </h1>
      {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
      {children}
    </section>
  );
}
