import { useTranslation } from '../i18n/translate.tsx';
import type { HeadContext, PageHead } from '../router/types.ts';
import styles from './NotFoundPage.module.css';

export function notFoundHead({ t }: HeadContext): PageHead {
  return { title: t('notFound.title'), canonicalPath: null, noindex: true };
}

/** Any path no handler serves; the server answers it with HTTP 404. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <section className={styles.page} aria-labelledby="not-found-heading" data-page="not-found">
      <p className={styles.code} aria-hidden="true">404</p>
      <h1 id="not-found-heading" className={styles.heading}>
        {t('notFound.heading')}
      </h1>
      <p className={styles.text}>{t('notFound.body')}</p>
      <a className={styles.home} href="/">
        {t('notFound.home')}
      </a>
    </section>
  );
}
