import { useId, useState } from 'react';
import type { BoardJson, SectionJson } from '../../shared/contracts/boards.ts';
import type { PinJson } from '../../shared/contracts/pins.ts';
import { sectionList } from '../board-edit/board-requests.ts';
import { useResource } from '../data/resources.tsx';
import { useTranslation } from '../i18n/translate.tsx';
import { imageSource } from '../pins/images.ts';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { errorMessage } from '../ui/form-messages.ts';
import { BlockingActionsList } from './BlockingActionsList.tsx';
import { startOrganize, type OrganizeOptions } from './organize-api.ts';
import { useBlockingActions } from './useBlockingActions.ts';
import styles from './organize.module.css';

type Props = { board: BoardJson; pins: readonly PinJson[]; sections: readonly SectionJson[]; onChanged: () => void };

/** The boards the owner may move pins to, and the target's sections. */
function TargetPicker({
  boardId,
  target,
  onTarget,
}: {
  boardId: string;
  target: { board: string; section: string };
  onTarget: (t: { board: string; section: string }) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const boards = useResource({ name: 'BoardPickerBoardsResource', options: {} }).data ?? [];
  const picked = boards.find((b) => b.id === target.board);
  const sections = sectionList(useResource(picked ? { name: 'BoardSectionResource', options: { board_id: picked.id } } : null).data) ?? [];
  return (
    <div className={styles.target}>
      <label htmlFor={`${id}-board`}>{t('organize.target')}</label>
      <select
        id={`${id}-board`}
        value={target.board}
        onChange={(e) => {
          onTarget({ board: e.target.value, section: '' });
        }}
      >
        <option value="" />
        {boards.map((b) => (
          <option key={b.id} value={b.id}>
            {b.id === boardId ? `${b.name} ✓` : b.name}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-section`}>{t('organize.targetSection')}</label>
      <select
        id={`${id}-section`}
        value={target.section}
        disabled={!picked}
        onChange={(e) => {
          onTarget({ ...target, section: e.target.value });
        }}
      >
        <option value="">{t('organize.noSection')}</option>
        {sections.map((s) => (
          <option key={s.id} value={s.id}>
            {s.title}
          </option>
        ))}
      </select>
    </div>
  );
}

function PinChoices({ pins, chosen, onToggle }: { pins: readonly PinJson[]; chosen: ReadonlySet<string>; onToggle: (id: string) => void }) {
  const { t } = useTranslation();
  return (
    <fieldset className={styles.choices}>
      <legend>{t('organize.pickPins')}</legend>
      <ul>
        {pins.map((pin, n) => {
          const image = imageSource(pin.images, '236x');
          const name = pin.grid_title || pin.title || t('organize.untitled', { n: n + 1 });
          return (
            <li key={pin.id}>
              <label className={styles.choice}>
                <input
                  type="checkbox"
                  checked={chosen.has(pin.id)}
                  onChange={() => {
                    onToggle(pin.id);
                  }}
                />
                {image && <img src={image.src} alt="" width={60} height={60} loading="lazy" />}
                <span>{name}</span>
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

/**
 * The board owner's Organize: choose pins, then move them to another board or section or delete
 * them; or delete a section with its pins. Each runs as a blocking action whose progress and
 * result show below, read again until it finishes.
 */
export function OrganizePanel({ board, pins, sections, onChanged }: Props) {
  const { t } = useTranslation();
  const { state, started } = useBlockingActions(board.id, onChanged);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [target, setTarget] = useState({ board: '', section: '' });
  const [confirm, setConfirm] = useState<{ body: string; options: OrganizeOptions } | null>(null);
  const [error, setError] = useState<unknown>(null);

  const start = async (options: OrganizeOptions) => {
    setError(null);
    try {
      await startOrganize(options);
      setChosen(new Set());
      await started();
    } catch (failure) {
      setError(failure);
    }
  };
  const toggle = (id: string) => {
    setChosen((old) => {
      const next = new Set(old);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  };
  const pinIds = [...chosen];
  const move = () =>
    void start({
      kind: 'move',
      board_id: board.id,
      pin_ids: pinIds,
      target_board_id: target.board,
      ...(target.section ? { target_section_id: target.section } : {}),
    });

  return (
    <section className={styles.panel} aria-labelledby="organize-heading">
      <h2 id="organize-heading" className={styles.heading}>
        {t('organize.heading')}
      </h2>
      {pins.length > 0 && <PinChoices pins={pins} chosen={chosen} onToggle={toggle} />}
      <TargetPicker boardId={board.id} target={target} onTarget={setTarget} />
      <div className={styles.buttons}>
        <button type="button" className={styles.primary} disabled={chosen.size === 0 || target.board === ''} onClick={move}>
          {t('organize.move')}
        </button>
        <button
          type="button"
          className={styles.secondary}
          disabled={chosen.size === 0}
          onClick={() => {
            setConfirm({ body: t('organize.confirmDelete'), options: { kind: 'delete_pins', board_id: board.id, pin_ids: pinIds } });
          }}
        >
          {t('organize.delete')}
        </button>
        {sections.map((s) => (
          <button
            key={s.id}
            type="button"
            className={styles.secondary}
            onClick={() => {
              setConfirm({ body: t('organize.confirmSection'), options: { kind: 'delete_section', board_id: board.id, section_id: s.id } });
            }}
          >
            {t('organize.deleteSection', { title: s.title })}
          </button>
        ))}
      </div>
      {error !== null && (
        <p role="alert" className={styles.note}>
          {errorMessage(t, error)}
        </p>
      )}
      <BlockingActionsList state={state} sections={sections} />
      {confirm && (
        <ConfirmDialog
          title={t('organize.heading')}
          body={confirm.body}
          confirmLabel={t('organize.delete')}
          onConfirm={() => start(confirm.options)}
          onClose={() => {
            setConfirm(null);
          }}
        />
      )}
    </section>
  );
}
