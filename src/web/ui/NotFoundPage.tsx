import { useTranslation } from '../i18n/translate.tsx';
import styles from './NotFoundPage.module.css';

/** Any path no handler serves; the server answers it with HTTP 404. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <section className={styles.page} aria-labelledby="not-found-heading" data-page="not-found">
      <p className={styles.code} aria-hidden="true">
        404
      </p>
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
