import type {
  RoadmapCopy,
  RoadmapShare,
  SharedRoadmap,
  ShareSettings,
} from '@mindpath/contracts/roadmap-shares';
import { fetchJson } from './http.ts';

const id = encodeURIComponent;
const goalShare = (goalId: string) => `/goals/${id(goalId)}/share`;

/**
 * A goal's roadmap shared by a read-only public link: the owner reads, sets (with or without their
 * progress) and revokes it; anyone reads a link (no token); a learner copies it as a goal of their own
 * (a goal creation: 429 RateLimitError under the plan's limits).
 */
export const roadmapSharesApi = {
  get: (goalId: string) => fetchJson<RoadmapShare | null>('GET', goalShare(goalId)),
  set: (goalId: string, settings: ShareSettings) =>
    fetchJson<RoadmapShare>('PUT', goalShare(goalId), settings),
  revoke: (goalId: string) => fetchJson<void>('DELETE', goalShare(goalId)),
  read: (slug: string) => fetchJson<SharedRoadmap>('GET', `/shares/${id(slug)}`),
  copy: (slug: string) => fetchJson<RoadmapCopy>('POST', `/shares/${id(slug)}/copy`),
};
