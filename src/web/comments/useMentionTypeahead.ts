import { useEffect, useState } from 'react';
import { readResource } from '../api/resources.ts';
import { mentionQueryAt } from '../../shared/comments.ts';

export type MentionOption = { id: string; username: string; label: string };

/**
 * People for the @mention being typed before the caret, from the header's typeahead
 * (AdvancedTypeaheadResource, its people only); none while no mention is being typed.
 */
export function useMentionTypeahead(text: string, caret: number): { query: { start: number; term: string } | null; options: MentionOption[] } {
  const query = mentionQueryAt(text, caret);
  const term = query?.term ?? '';
  const [found, setFound] = useState<{ term: string; options: MentionOption[] }>({ term: '', options: [] });
  useEffect(() => {
    if (term === '') return;
    let current = true;
    const timer = setTimeout(() => {
      readResource('AdvancedTypeaheadResource', { term })
        .then(({ data }) => {
          const people = data.items.flatMap((item) => (item.type === 'user' ? [{ id: item.id, username: item.username, label: item.label }] : []));
          if (current) setFound({ term, options: people.slice(0, 6) });
        })
        .catch(() => {
          if (current) setFound({ term, options: [] });
        });
    }, 150);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [term]);
  return { query, options: query && found.term === term ? found.options : [] };
}
