// The picture to upscale and the ways to change it: the example at first (or the page's ?imageUrl= link),
// a file uploaded from the device, or a link typed in. Each problem shows beside the buttons and as a toast.
import { type ChangeEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../components/toast.tsx';
import { useUploadImage } from '../../hooks/use-upload-image.ts';
import { EXAMPLE_IMAGE, type Message, uploadErrorMessage, validateUploadFile } from './upscaler-model.ts';

export interface Source {
  url: string;
  isExample: boolean;
}

export interface SourceNotice {
  tone: 'danger' | 'warning';
  text: string;
}

const EXAMPLE_SOURCE: Source = { url: EXAMPLE_IMAGE, isExample: true };

/** Resolves when the browser can display the image at `url`. */
function probeImage(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    const timer = setTimeout(() => reject(new Error('timeout')), 15_000);
    image.onload = () => {
      clearTimeout(timer);
      resolve();
    };
    image.onerror = () => {
      clearTimeout(timer);
      reject(new Error('load'));
    };
    image.src = url;
  });
}

export function useUpscaleSource({
  queryImage,
  text,
  onReplaced,
  working,
}: {
  queryImage: string;
  text: (message: Message) => string;
  /** A new picture: the last run's result no longer belongs to it. */
  onReplaced: () => void;
  /** While an upscale runs, the picture stays. */
  working: boolean;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const upload = useUploadImage();
  const [source, setSource] = useState<Source>(() =>
    queryImage ? { url: queryImage, isExample: false } : EXAMPLE_SOURCE,
  );
  const [notice, setNotice] = useState<SourceNotice | null>(null);
  const [linkOpen, setLinkOpen] = useState(false);
  const [link, setLink] = useState('');
  const [linkLoading, setLinkLoading] = useState(false);
  const linkInputRef = useRef<HTMLInputElement>(null);
  const busy = working || upload.isPending || linkLoading;

  const showProblem = useCallback(
    (message: string, tone: 'danger' | 'warning' = 'danger') => {
      setNotice({ tone, text: message });
      toast(tone === 'danger' ? 'error' : 'info', message);
    },
    [toast],
  );

  // A link from the page query must load; if it does not, the example comes back with a note.
  // Keyed on the query only: a later language change must not show the message again.
  const showProblemRef = useRef(showProblem);
  showProblemRef.current = showProblem;
  const tRef = useRef(t);
  tRef.current = t;
  useEffect(() => {
    if (!queryImage) return;
    let cancelled = false;
    probeImage(queryImage).catch(() => {
      if (cancelled) return;
      setSource(EXAMPLE_SOURCE);
      showProblemRef.current(
        `${tRef.current('upscaler.errors.cannotLoad')} ${tRef.current('upscaler.usingExample')}`,
      );
    });
    return () => {
      cancelled = true;
    };
  }, [queryImage]);

  const replaceSource = (next: Source) => {
    setSource(next);
    setNotice(null);
    onReplaced();
  };

  const onFileChosen = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // the same file can be chosen again
    if (!file || busy) return;
    const invalid = validateUploadFile(file);
    if (invalid) {
      showProblem(text(invalid));
      return;
    }
    upload.mutate(file, {
      onSuccess: (imageUrl) => {
        replaceSource({ url: imageUrl, isExample: false });
        toast('success', t('upscaler.uploadSuccess'));
      },
      onError: (error) => showProblem(text(uploadErrorMessage(error))),
    });
  };

  const loadLink = async () => {
    const url = link.trim();
    if (!url) {
      showProblem(t('upscaler.errors.noImageUrl'), 'warning');
      linkInputRef.current?.focus();
      return;
    }
    setLinkLoading(true);
    try {
      await probeImage(url);
      replaceSource({ url, isExample: false });
      setLink('');
      setLinkOpen(false);
      toast('success', t('upscaler.imageLoaded'));
    } catch {
      showProblem(t('upscaler.errors.cannotLoad'));
    } finally {
      setLinkLoading(false);
    }
  };

  const toggleLink = () => {
    setLinkOpen((open) => !open);
    requestAnimationFrame(() => linkInputRef.current?.focus());
  };

  return {
    source,
    notice,
    clearNotice: () => setNotice(null),
    busy,
    uploading: upload.isPending,
    onFileChosen,
    link: {
      open: linkOpen,
      toggle: toggleLink,
      value: link,
      change: setLink,
      loading: linkLoading,
      load: loadLink,
      inputRef: linkInputRef,
    },
  };
}

export type LinkState = ReturnType<typeof useUpscaleSource>['link'];
