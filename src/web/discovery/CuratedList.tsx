import { useTranslation } from '../i18n/translate.tsx';
import { imageSource } from '../pins/images.ts';
import { kindLabelKey } from './today-region.ts';
import type { CuratedArticleJson } from '../../shared/contracts/discovery.ts';
import styles from './admin.module.css';

type Props = {
  articles: CuratedArticleJson[];
  onMove: (article: CuratedArticleJson, position: number) => void;
  onRemove: (article: CuratedArticleJson) => void;
  onEdit: (article: CuratedArticleJson) => void;
};

/** The day's curated articles in their order, each with its cover, kind, source and actions. */
export function CuratedList({ articles, onMove, onRemove, onEdit }: Props) {
  const { t } = useTranslation();
  if (articles.length === 0) return <p className={styles.empty}>{t('todayAdmin.empty')}</p>;
  return (
    <ol className={styles.list} aria-label={t('todayAdmin.listLabel')}>
      {articles.map((article, index) => {
        const cover = imageSource(article.cover_pin?.images ?? null, '236x');
        return (
          <li key={article.id} className={styles.item}>
            {cover ? <img className={styles.thumb} src={cover.src} alt="" /> : <span className={styles.thumb} />}
            <span className={styles.itemMain}>
              <a className={styles.itemTitle} href={article.url}>
                {article.title}
              </a>
              <span className={styles.itemSub}>
                {t(kindLabelKey(article))} · {article.interest?.name ?? article.query ?? t('todayAdmin.pinCount', { count: article.pin_ids.length })}
              </span>
            </span>
            <span className={styles.actions}>
              <button
                type="button"
                className={styles.small}
                disabled={index === 0}
                onClick={() => {
                  onMove(article, index - 1);
                }}
                aria-label={t('todayAdmin.moveUpLabel', { title: article.title })}
              >
                ↑
              </button>
              <button
                type="button"
                className={styles.small}
                disabled={index === articles.length - 1}
                onClick={() => {
                  onMove(article, index + 1);
                }}
                aria-label={t('todayAdmin.moveDownLabel', { title: article.title })}
              >
                ↓
              </button>
              <button
                type="button"
                className={styles.small}
                onClick={() => {
                  onEdit(article);
                }}
              >
                {t('todayAdmin.edit')}
              </button>
              <button
                type="button"
                className={styles.small}
                onClick={() => {
                  onRemove(article);
                }}
              >
                {t('todayAdmin.remove')}
              </button>
            </span>
          </li>
        );
      })}
    </ol>
  );
}
