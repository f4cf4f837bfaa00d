import { useState, type SyntheticEvent } from 'react';
import { isPinLink, nearestPinAspectRatio } from '../../shared/pin-draft.ts';
import { getResource } from '../api/resources.ts';
import type { FoundImage, FoundPage } from '../../shared/contracts/scrape.ts';
import { errorMessage } from '../ui/form-messages.ts';
import { TextField } from '../ui/TextField.tsx';
import { useTranslation } from '../i18n/translate.tsx';
import { PIN_ALT_TEXT_MAX, PIN_DESCRIPTION_MAX, PIN_LINK_MAX, PIN_TITLE_MAX } from './pin-limits.ts';
import { PinForm } from './PinForm.tsx';
import { EMPTY_PIN_TEXTS, type PinTexts } from './PinTextFields.tsx';
import styles from './PinBuilder.module.css';
import site from './WebsitePin.module.css';

/** The page's own texts as the pin's first draft, cut to the pin's limits. */
function textsOf(page: FoundPage, image: FoundImage | undefined): PinTexts {
  return {
    title: page.title.slice(0, PIN_TITLE_MAX),
    description: page.description.slice(0, PIN_DESCRIPTION_MAX),
    link: page.canonical_url.length <= PIN_LINK_MAX ? page.canonical_url : page.url,
    alt_text: (image?.alt ?? '').slice(0, PIN_ALT_TEXT_MAX),
  };
}

/** The picked image large, in the spec ratio nearest its size; the page's other images to pick from below. */
function ImageChoice({ page, picked, onPick }: { page: FoundPage; picked: FoundImage; onPick: (image: FoundImage) => void }) {
  const { t } = useTranslation();
  const [broken, setBroken] = useState<ReadonlySet<string>>(new Set());
  const nameOf = (image: FoundImage, index: number) => image.alt || t('pinBuilder.imageNumber', { number: index + 1 });
  const show = (image: FoundImage, index: number) =>
    broken.has(image.url) ? (
      <span className={site.foundPlaceholder}>{nameOf(image, index)}</span>
    ) : (
      <img
        className={styles.previewMedia}
        src={image.url}
        alt={nameOf(image, index)}
        referrerPolicy="no-referrer"
        loading="lazy"
        onError={() => {
          setBroken((b) => new Set([...b, image.url]));
        }}
      />
    );
  const ratio = nearestPinAspectRatio(picked.width ?? 0, picked.height ?? 0).name.replace(':', ' / ');
  return (
    <div className={styles.previewColumn}>
      <div className={styles.preview} style={{ aspectRatio: ratio }}>
        {show(picked, page.items.indexOf(picked))}
      </div>
      {page.items.length > 1 && (
        <fieldset className={site.found}>
          <legend className={styles.fieldLabel}>{t('pinBuilder.pickImage', { count: page.items.length })}</legend>
          <div className={site.foundGrid}>
            {page.items.map((image, index) => (
              <label key={image.url} className={image.url === picked.url ? `${site.foundItem} ${site.foundPicked}` : site.foundItem}>
                <input
                  type="radio"
                  name="found-image"
                  className="visually-hidden"
                  checked={image.url === picked.url}
                  onChange={() => {
                    onPick(image);
                  }}
                />
                {show(image, index)}
              </label>
            ))}
          </div>
        </fieldset>
      )}
    </div>
  );
}

/**
 * "Save from a website": the server reads the page (FindPinImagesResource); the member picks one
 * of its images and the page's title, description and canonical link prefill the pin.
 */
export function WebsitePin() {
  const { t } = useTranslation();
  const [url, setUrl] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [page, setPage] = useState<FoundPage | null>(null);
  const [picked, setPicked] = useState<FoundImage | null>(null);
  const [texts, setTexts] = useState<PinTexts>(EMPTY_PIN_TEXTS);

  const onFind = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const address = url.trim();
    if (address === '' || !isPinLink(address)) {
      setError(t('pinBuilder.linkInvalid'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const found = await getResource('FindPinImagesResource', { url: address, source: 'pin_create' });
      const first = found.items[0];
      setPage(found);
      setPicked(first ?? null);
      setTexts(textsOf(found, first));
      if (!first) setError(t('pinBuilder.noImages'));
    } catch (failure) {
      setPage(null);
      setError(errorMessage(t, failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <form className={site.urlForm} role="search" aria-label={t('pinBuilder.tabWebsite')} onSubmit={(e) => void onFind(e)} noValidate>
        <TextField
          label={t('pinBuilder.websiteUrl')}
          type="url"
          inputMode="url"
          value={url}
          maxLength={PIN_LINK_MAX}
          placeholder="https://"
          autoComplete="url"
          error={error}
          onChange={(e) => {
            setUrl(e.target.value);
          }}
        />
        <button type="submit" className={styles.secondary} disabled={busy}>
          {busy ? t('pinBuilder.finding') : t('pinBuilder.findImages')}
        </button>
      </form>
      {page && picked && (
        <PinForm
          media={
            <ImageChoice
              page={page}
              picked={picked}
              onPick={(image) => {
                setPicked(image);
                setTexts((current) => ({ ...current, alt_text: image.alt.slice(0, PIN_ALT_TEXT_MAX) }));
              }}
            />
          }
          source={{ image_url: picked.url, source_url: page.url }}
          upload="ready"
          texts={texts}
          onTexts={setTexts}
        />
      )}
    </>
  );
}
