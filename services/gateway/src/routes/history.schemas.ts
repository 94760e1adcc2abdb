// Wire shapes of the history routes (the spec leaves them open: snake_case, cursor pages, {error, message}).
import { type Static, Type } from 'typebox';
import { PageLimit, SingleLineText } from '../text-schemas.ts';
import { NullableScene } from './scene.schemas.ts';

export const MAX_BULK_DELETE = 100;

export const HistoryImageBody = Type.Object({
  url: Type.String({ description: '/files/<key>' }),
  width: Type.Integer(),
  height: Type.Integer(),
  seed: Type.Integer(),
  flagged: Type.Boolean({ description: 'May not suit public viewing' }),
  scene: NullableScene('What Pictura Scenes read and drew for this image; null for other models'),
});

export const HistoryItemBody = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    job_id: Type.String({ description: 'The job that made it (the generator links its results by job)' }),
    type: Type.Union([Type.Literal('generated'), Type.Literal('upscaled')]),
    prompt: Type.String(),
    negative_prompt: Type.String(),
    model: Type.String(),
    options: Type.Record(Type.String(), Type.Unknown(), {
      description: 'The request options (aspect ratio, style, colour, lighting, composition, ...)',
    }),
    images: Type.Array(HistoryImageBody),
    scene: NullableScene(
      'What Pictura Scenes read and drew for the first image (each image has its own in images[].scene); ' +
        'null for other models, upscales and items made before scenes were kept',
    ),
    favorite: Type.Boolean(),
    private: Type.Boolean({ description: 'Private generation: never published, never shown to others' }),
    created_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'HistoryItem' },
);
export type HistoryItemBody = Static<typeof HistoryItemBody>;

export const HistoryQuery = Type.Object(
  {
    type: Type.Optional(
      Type.Unsafe<'generated' | 'upscaled'>({
        type: 'string',
        enum: ['generated', 'upscaled'],
        default: 'generated',
        description: 'The tab',
      }),
    ),
    favorite: Type.Optional(Type.Boolean({ description: 'true: favourites only' })),
    q: Type.Optional(SingleLineText({ maxLength: 200, description: 'Text the prompt contains (any case)' })),
    cursor: Type.Optional(
      SingleLineText({ maxLength: 200, description: 'next_cursor of the previous page' }),
    ),
    limit: Type.Optional(PageLimit(100, 24)),
  },
  // Unknown parameters (a cache-buster, say) are ignored, as browsers and proxies add them.
);
export type HistoryQuery = Static<typeof HistoryQuery>;

export const HistoryPage = Type.Object({
  items: Type.Array(Type.Ref('HistoryItem')),
  next_cursor: Type.Union([Type.String(), Type.Null()], { description: 'null on the last page' }),
});

export const HistoryIdParams = Type.Object({ id: SingleLineText({ maxLength: 64 }) });

export const BulkDeleteBody = Type.Object(
  {
    ids: Type.Array(SingleLineText({ maxLength: 64 }), {
      minItems: 1,
      maxItems: MAX_BULK_DELETE,
      description: `Item ids, at most ${MAX_BULK_DELETE}; ids that are not yours are ignored`,
    }),
  },
  { additionalProperties: false },
);
export type BulkDeleteBody = Static<typeof BulkDeleteBody>;

export const DeletedBody = Type.Object({
  success: Type.Boolean(),
  deleted: Type.Integer({ description: 'How many items were deleted' }),
});
