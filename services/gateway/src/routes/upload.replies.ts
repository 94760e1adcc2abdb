// The spec's answers of the upload and upscale routes: every one, errors included, is {success, error?}.
import type { ImageRejectedError } from '@pictura/common/image-decode';
import { FILE_TOO_LARGE_MESSAGE, NOT_AN_IMAGE_MESSAGE } from '@pictura/common/image-sniff';
import type { FastifyReply } from 'fastify';

export function sendFailure(
  reply: FastifyReply,
  status: number,
  error: string,
  jobId?: string,
): FastifyReply {
  return reply.status(status).send({ success: false, error, ...(jobId ? { job_id: jobId } : {}) });
}

/** The spec's status and text for an image we refuse. */
export function imageRejection(error: ImageRejectedError): { status: number; error: string } {
  if (error.code === 'not_an_image') return { status: 415, error: NOT_AN_IMAGE_MESSAGE };
  if (error.code === 'too_large') return { status: 413, error: FILE_TOO_LARGE_MESSAGE };
  return { status: 413, error: error.message };
}
