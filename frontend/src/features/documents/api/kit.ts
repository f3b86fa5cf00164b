import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getDashboardRoute } from '@domain/api/dashboard.js';
import {
  confirmKitUploadRoute,
  createKitUploadRoute,
  getMyKitFileRoute,
  getMyKitRoute,
  type KitView,
} from '@domain/api/filing-kit.js';
import {
  KIT_MESSAGES,
  KIT_UPLOAD_LIMITS,
  kitUploadTypeOf,
  type KitItemKey,
  type KitSigningMethod,
} from '@domain/filing-kit.js';
import { apiCall, routeQueryKey } from '@/lib/api-client';
import { ApiRequestError, isRefusal } from '@/lib/api-error';

export const kitQueryOptions = () =>
  queryOptions({
    queryKey: routeQueryKey(getMyKitRoute),
    queryFn: ({ signal }) => apiCall(getMyKitRoute, { signal }),
  });

export function useKit() {
  return useQuery(kitQueryOptions());
}

/** Where one upload stands, for its progress bar. */
export type UploadProgress = { phase: 'uploading'; percent: number } | { phase: 'checking' };

/** How often, and how many times, the screen asks again while the malware scan has not tagged the file yet. */
const SCAN_RECHECK_MS = 2000;
const SCAN_MAX_ATTEMPTS = 45;

/**
 * S3's POST with the policy's fields first and the file last, through XMLHttpRequest: fetch cannot report an upload's
 * progress. S3 enforces the policy (size, type, key); its refusal is an error with the screen's words.
 */
function postToS3(
  form: { url: string; fields: Record<string, string> },
  file: File,
  contentType: string,
  onProgress: (percent: number) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const body = new FormData();
    for (const [name, value] of Object.entries(form.fields)) body.append(name, value);
    body.append('file', new Blob([file], { type: contentType }), file.name);
    const request = new XMLHttpRequest();
    request.open('POST', form.url);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () =>
      request.status >= 200 && request.status < 300
        ? resolve()
        : reject(
            new ApiRequestError(
              request.status,
              'validation',
              request.responseText.includes('EntityTooLarge') ? KIT_MESSAGES.tooLarge : KIT_MESSAGES.wrongType,
            ),
          );
    request.onerror = () => reject(new ApiRequestError(0, 'network', KIT_MESSAGES.uploadMissing));
    request.send(body);
  });
}

/**
 * One file into one item: the upload form, the POST to S3 with its progress, then the confirmation, asked again while
 * the malware scan is not done. The kit and the dashboard are read again after.
 */
export function useUploadKitFile(onProgress: (key: KitItemKey, progress: UploadProgress | null) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ item, file, signing }: { item: KitItemKey; file: File; signing?: KitSigningMethod }) => {
      const contentType = kitUploadTypeOf(file.type, file.name);
      if (!contentType) throw new ApiRequestError(400, 'validation', KIT_MESSAGES.wrongType);
      if (file.size === 0) throw new ApiRequestError(400, 'validation', KIT_MESSAGES.empty);
      if (file.size > KIT_UPLOAD_LIMITS.maxBytes) throw new ApiRequestError(400, 'validation', KIT_MESSAGES.tooLarge);
      try {
        onProgress(item, { phase: 'uploading', percent: 0 });
        const form = await apiCall(createKitUploadRoute, { body: { item, contentType, bytes: file.size } });
        await postToS3(form, file, contentType, (percent) => onProgress(item, { phase: 'uploading', percent }));
        onProgress(item, { phase: 'checking' });
        for (let attempt = 1; ; attempt += 1) {
          try {
            return await apiCall(confirmKitUploadRoute, {
              params: { uploadId: form.uploadId },
              body: { item, ...(signing ? { signing } : {}) },
              timeoutMs: 35_000,
            });
          } catch (error) {
            if (!isRefusal(error, 'kit_scan_pending') || attempt >= SCAN_MAX_ATTEMPTS) throw error;
            await new Promise((resolve) => setTimeout(resolve, SCAN_RECHECK_MS));
          }
        }
      } finally {
        onProgress(item, null);
      }
    },
    onSuccess: (kit: KitView) => {
      queryClient.setQueryData(routeQueryKey(getMyKitRoute), kit);
      void queryClient.invalidateQueries({ queryKey: routeQueryKey(getDashboardRoute) });
    },
  });
}

/** Downloads one of the caller's own kit files through a fresh short-lived link: the item's PDF or an original. */
export function useDownloadKitFile() {
  return useMutation({
    mutationFn: async ({ item, file }: { item: KitItemKey; file?: string }) => {
      // The link is signed per click (it lives 5 minutes); the answer is a download, so the page stays where it is.
      const { url } = await apiCall(getMyKitFileRoute, { params: { item }, query: file ? { file } : {} });
      window.location.assign(url);
    },
  });
}
