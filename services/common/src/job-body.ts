// A job as the public API shows it (GET /api/jobs/:id, the SSE stream, webhook payloads): one shape, built
// from the jobs service's proto message, so a webhook's `data` and the API answer cannot drift apart.
import { type Job, type JobImage, JobStatus } from './gen/jobs/v1/jobs_pb.ts';
import type { ImageScene } from './scene.ts';
import { sceneOfMessage } from './scene-message.ts';

export type JobStatusName = 'waiting' | 'processing' | 'completed' | 'error' | 'cancelled';

export interface JobImageBody {
  url: string;
  width: number;
  height: number;
  seed: number;
  flagged: boolean;
  subject: { found: boolean; emoji?: string; name?: string } | null;
  /** What Pictura Scenes read and drew; null for models that do not say. */
  scene: ImageScene | null;
}

export interface PublicJobBody {
  job_id: string;
  status: JobStatusName;
  position: number;
  progress: number;
  images: JobImageBody[];
  error: { error: string; message: string } | null;
}

/** The wire name of a job status; an unset status reads as waiting. */
export function jobStatusName(status: JobStatus): JobStatusName {
  if (status === JobStatus.UNSPECIFIED) return 'waiting';
  return JobStatus[status].toLowerCase() as JobStatusName;
}

/**
 * What the model drew, in the older, one-thing form: a scene's main subject (found: false when it placed
 * none), else what a subject-drawing model said, else null.
 */
function subjectOf(image: JobImage, scene: ImageScene | null): JobImageBody['subject'] {
  if (scene) {
    const main = scene.subjects[0];
    return main ? { found: true, emoji: main.emoji, name: main.name } : { found: false };
  }
  if (!image.subject) return null;
  return image.subject.found
    ? { found: true, emoji: image.subject.emoji, name: image.subject.name }
    : { found: false };
}

/**
 * `filesOrigin` prefixes the image links: '' gives the site-relative `/files/<key>` the web app uses; a
 * webhook passes PUBLIC_URL, since its receiver is not on our site. `links`, when given, replaces each link
 * (the gateway signs a private job's links for its owner: services/gateway/src/file-links.ts).
 */
export function publicJobBody(
  job: Job,
  filesOrigin = '',
  links?: ReadonlyMap<string, string>,
): PublicJobBody {
  return {
    job_id: job.id,
    status: jobStatusName(job.status),
    position: job.position,
    progress: job.progress,
    images: job.images.map((image) => {
      const scene = sceneOfMessage(image.scene);
      return {
        url: links?.get(image.key) ?? `${filesOrigin}/files/${image.key}`,
        width: image.width,
        height: image.height,
        seed: image.seed,
        flagged: image.flagged,
        subject: subjectOf(image, scene),
        scene,
      };
    }),
    error: job.error ? { error: job.error.code, message: job.error.message } : null,
  };
}
