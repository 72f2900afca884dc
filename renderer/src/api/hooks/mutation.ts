/**
 * The one mutation helper of the data layer: runs a call, then invalidates what it changed and says so
 * in a toast; a failure toasts its title with the server's message. Each domain's hooks module builds its
 * mutations with it, so invalidation and messages are decided once per action, not once per page.
 */
import {
  useMutation,
  useQueryClient,
  type InvalidateQueryFilters,
  type QueryKey,
  type UseMutationResult,
} from '@tanstack/react-query';
import { errorMessage } from '../errors';
import { useNotify } from '../../components/toasts';

export type ApiMutationOptions<TInput, TData> = {
  mutationFn: (input: TInput) => Promise<TData>;
  /**
   * What this changes: query keys (each invalidated with its descendants) or filters (a key with a
   * predicate, e.g. every attendance view but one), invalidated after success.
   */
  invalidates: readonly (QueryKey | InvalidateQueryFilters)[];
  /** The success toast: a title, or a title and body, from the answer; none when left out. */
  success?: (data: TData, input: TInput) => string | { title: string; body?: string };
  /**
   * The failure toast's title (the body is the server's message). Dialogs that show the error in the
   * form themselves leave it out: the message is then said once, where the user is looking.
   */
  failure?: string;
};

export function useApiMutation<TInput = void, TData = unknown>(
  options: ApiMutationOptions<TInput, TData>,
): UseMutationResult<TData, unknown, TInput> {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: options.mutationFn,
    onSuccess: async (data, input) => {
      await Promise.all(
        options.invalidates.map((target) =>
          queryClient.invalidateQueries(
            Array.isArray(target) ? { queryKey: target } : (target as InvalidateQueryFilters),
          ),
        ),
      );
      const said = options.success?.(data, input);
      if (typeof said === 'string') notify.success(said);
      else if (said) notify.success(said.title, said.body);
    },
    onError: (error) => {
      if (options.failure) notify.error(options.failure, errorMessage(error));
    },
  });
}
