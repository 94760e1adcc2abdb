import { useMutation } from '@tanstack/react-query';
import { uploadImage } from '../api/upload.ts';

export function useUploadImage() {
  return useMutation({ mutationFn: (file: File) => uploadImage(file) });
}
