import { describe, expect, it } from 'vitest';
import {
  addConversation,
  appendTurn,
  type ChatTurn,
  type Conversation,
  conversationTitle,
  createConversation,
  isBusy,
  MAX_CONVERSATIONS,
  parseConversations,
  previousImages,
  removeConversation,
  serializeConversations,
  setConversationOptions,
  toThreadTurn,
  updateTurn,
} from './chat-store.ts';

const options = { aspectRatio: 'square', style: 'none' } as const;

function turn(id: string, extra: Partial<ChatTurn> = {}): ChatTurn {
  return {
    id,
    text: `message ${id}`,
    startsNewImage: false,
    prompt: `prompt ${id}`,
    seed: 7,
    options,
    createdAt: `2025-01-01T00:00:0${id}.000Z`,
    jobId: `job-${id}`,
    status: 'completed',
    image: { url: `/files/${id}.png`, width: 512, height: 512, seed: 7, flagged: false },
    error: null,
    ...extra,
  };
}

function conversation(
  id: string,
  updatedAt: string,
  turns: ChatTurn[] = [turn('1', { startsNewImage: true })],
): Conversation {
  return { id, title: `title ${id}`, createdAt: updatedAt, updatedAt, options, turns };
}

describe('conversation edits', () => {
  it('adds a conversation first and appends turns, moving its activity time on', () => {
    const first = createConversation('c1', '  a fox   in snow ', options, '2025-01-01T00:00:00.000Z');
    expect(first.title).toBe('a fox in snow');
    let list = addConversation([conversation('c0', '2024-12-31T00:00:00.000Z')], first);
    expect(list.map((c) => c.id)).toEqual(['c1', 'c0']);
    list = appendTurn(list, 'c1', turn('2', { status: 'pending', jobId: null, image: null }));
    expect(list[0]!.turns).toHaveLength(1);
    expect(list[0]!.updatedAt).toBe('2025-01-01T00:00:02.000Z');
    expect(isBusy(list[0])).toBe(true);
    list = updateTurn(list, 'c1', '2', { jobId: 'job-2' });
    list = updateTurn(list, 'c1', '2', { status: 'completed' });
    expect(isBusy(list[0])).toBe(false);
    expect(list[0]!.turns[0]!.jobId).toBe('job-2');
  });

  it('changes options and removes conversations by id only', () => {
    const list = [
      conversation('a', '2025-01-02T00:00:00.000Z'),
      conversation('b', '2025-01-01T00:00:00.000Z'),
    ];
    const changed = setConversationOptions(list, 'b', { aspectRatio: 'portrait', style: 'anime' });
    expect(changed[0]!.options).toEqual(options);
    expect(changed[1]!.options).toEqual({ aspectRatio: 'portrait', style: 'anime' });
    expect(removeConversation(list, 'a').map((c) => c.id)).toEqual(['b']);
  });

  it('keeps at most the newest conversations', () => {
    let list: Conversation[] = [];
    for (let index = 0; index < MAX_CONVERSATIONS + 5; index++) {
      list = addConversation(
        list,
        conversation(`c${index}`, new Date(Date.UTC(2025, 0, 1, 0, index)).toISOString()),
      );
    }
    expect(list).toHaveLength(MAX_CONVERSATIONS);
    expect(list[0]!.id).toBe(`c${MAX_CONVERSATIONS + 4}`);
  });

  it('cuts a long title', () => {
    const title = conversationTitle('word '.repeat(40));
    expect([...title].length).toBeLessThanOrEqual(80);
    expect(title.endsWith('…')).toBe(true);
  });

  it('gives composition the seed of the image a turn made', () => {
    expect(
      toThreadTurn(
        turn('1', { seed: 3, image: { url: '/files/x.png', width: 1, height: 1, seed: 4, flagged: false } }),
      ),
    ).toEqual({
      text: 'message 1',
      startsNewImage: false,
      seed: 3,
      imageSeed: 4,
    });
    expect(toThreadTurn(turn('1', { image: null, status: 'error' }))).not.toHaveProperty('imageSeed');
  });
});

describe('previousImages', () => {
  it('gives each refinement the latest image before it, and none across a new image', () => {
    const turns = [
      turn('1', { startsNewImage: true }),
      turn('2', { status: 'error', image: null }),
      turn('3'),
      turn('4', { startsNewImage: true }),
      turn('5'),
    ];
    expect(previousImages(turns).map((image) => image?.url ?? null)).toEqual([
      null,
      '/files/1.png',
      '/files/1.png',
      null,
      '/files/4.png',
    ]);
  });
});

describe('stored conversations', () => {
  it('survive a round trip, newest first, without empty ones', () => {
    const list = [
      conversation('old', '2025-01-01T00:00:00.000Z'),
      conversation('new', '2025-02-01T00:00:00.000Z', [turn('1', { startsNewImage: true }), turn('2')]),
      conversation('empty', '2025-03-01T00:00:00.000Z', []),
    ];
    const read = parseConversations(serializeConversations(list));
    expect(read.map((c) => c.id)).toEqual(['new', 'old']);
    expect(read[0]).toEqual(list[1]);
  });

  it('keep what each image drew, and drop a scene of the wrong shape', () => {
    const scene = {
      subjects: [{ name: 'cat', emoji: '🐈', count: 1, position: 'left' }],
      relations: [],
      setting: ['night'],
      style: [],
      unplaced_words: ['shiba'],
    };
    const drawn = turn('1', {
      startsNewImage: true,
      image: {
        url: '/files/1.png',
        width: 512,
        height: 512,
        seed: 7,
        flagged: false,
        scene,
      } as ChatTurn['image'],
    });
    const malformed = turn('2', {
      image: {
        url: '/files/2.png',
        width: 512,
        height: 512,
        seed: 7,
        flagged: false,
        scene: { subjects: 'cat' },
      },
    } as unknown as Partial<ChatTurn>);
    const [read] = parseConversations(
      serializeConversations([conversation('c', '2025-01-01T00:00:00.000Z', [drawn, malformed])]),
    );
    expect(read!.turns[0]!.image?.scene).toEqual(scene);
    expect(read!.turns[1]!.image).not.toHaveProperty('scene');
  });

  it('turn a send that never got its job into a failure that can be retried', () => {
    const list = [
      conversation('c', '2025-01-01T00:00:00.000Z', [
        turn('1', { status: 'pending', jobId: null, image: null }),
      ]),
    ];
    const [read] = parseConversations(serializeConversations(list));
    expect(read!.turns[0]).toMatchObject({
      status: 'error',
      error: { message: null, fallbackKey: 'errors.generateFailed' },
    });
    // A job already accepted is followed again.
    const following = [
      conversation('c', '2025-01-01T00:00:00.000Z', [turn('1', { status: 'pending', image: null })]),
    ];
    expect(parseConversations(serializeConversations(following))[0]!.turns[0]!.status).toBe('pending');
  });

  it('drop what is malformed and never trust foreign image links', () => {
    const raw = JSON.stringify({
      conversations: [
        null,
        { id: 'x' },
        {
          ...conversation('c', '2025-01-01T00:00:00.000Z'),
          options: { aspectRatio: 'giant', style: 'unknown' },
          turns: [
            turn('1', {
              image: { url: 'https://evil.example/x.png', width: 1, height: 1, seed: 1, flagged: false },
            }),
            { id: 'broken' },
            turn('2', { seed: -1 }),
          ],
        },
      ],
    });
    const read = parseConversations(raw);
    expect(read).toHaveLength(1);
    expect(read[0]!.options).toEqual({ aspectRatio: 'square', style: 'none' });
    expect(read[0]!.turns).toHaveLength(1);
    expect(read[0]!.turns[0]).toMatchObject({ status: 'error', image: null, startsNewImage: true });
    expect(parseConversations('not json')).toEqual([]);
    expect(parseConversations(null)).toEqual([]);
  });
});
