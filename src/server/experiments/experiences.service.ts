import type { Actor } from '../access/actor.ts';
import { requireSession } from '../access/authorized.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { EXPERIENCE_CATALOGUE, experimentEnabled, type Experience, type Experiences, type ExperienceStatus } from '../../shared/experiments.ts';
import { experienceStatuses, saveExperienceStatus } from './experiments.repo.ts';

/**
 * Members' experiences per placement (spec sections 3, 4 and 7): a catalogue entry is offered to a
 * member whose group of its experiment is enabled, shown as `active` until marked; completed or
 * dismissed ones leave their placement for good. Visitors and bots have none.
 */

/** The member's experiences, keyed by placement (only the placements asked for, when given). */
export async function memberExperiences(
  deps: Deps,
  actor: Actor,
  active: Readonly<Record<string, string>>,
  placements?: readonly string[],
): Promise<Experiences> {
  if (actor.kind !== 'member') return {};
  const stored = await experienceStatuses(deps.db, actor.userId);
  const experiences: Experiences = {};
  for (const entry of EXPERIENCE_CATALOGUE) {
    if (placements && !placements.includes(entry.placement)) continue;
    if (!experimentEnabled(active, entry.experiment)) continue;
    const status = stored.find((s) => s.placement === entry.placement && s.experience_id === entry.experience_id)?.status ?? 'active';
    if (status === 'completed' || status === 'dismissed') continue;
    experiences[entry.placement] = { experience_id: entry.experience_id, status, placement: entry.placement };
  }
  return experiences;
}

/** ExperiencesResource update: marks an offered experience; completed or dismissed answers null (it left its placement). */
export async function markExperience(
  deps: Deps,
  actor: Actor,
  active: Readonly<Record<string, string>>,
  change: { placement_id: string; experience_id: number; status: ExperienceStatus },
): Promise<Experience | null> {
  const member = requireSession(actor);
  const offered = (await memberExperiences(deps, actor, active, [change.placement_id]))[change.placement_id];
  if (offered?.experience_id !== change.experience_id) throw new AppError('not_found');
  await saveExperienceStatus(deps.db, {
    user_id: member.userId,
    placement: change.placement_id,
    experience_id: change.experience_id,
    status: change.status,
    updated_at: Date.now(),
  });
  return change.status === 'viewed' ? { ...offered, status: 'viewed' } : null;
}
