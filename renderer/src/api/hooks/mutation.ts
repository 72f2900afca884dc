/**
 * The one mutation helper of the data layer: runs a call, then invalidates what it changed and says so
 * in a toast; a failure toasts its title with the server's message. Starting clears the failure toasts of
 * earlier attempts (components/toasts.tsx). Each domain's hooks module builds its
 * mutations with it, so invalidation and messages are decided once per action, not once per page.
 */
import {
  useMutation,
  useQueryClient,
  type InvalidateQueryFilters,
  type QueryKey,
  type UseMutationResult,
} from '@tanstack/react-query';
import type { z } from 'zod';
import type { EndpointDef, ResponseOf } from '../../../../shared/endpoints/define';
import { errorMessage } from '../errors';
import { callEndpoint } from '../typed';
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
   * The failure toast's title (the body is the server's message), for failures with no form on screen (row
   * actions, switches, background saves). A form's mutation leaves it out: the form says its failure itself,
   * once, where the user is looking (docs/architecture.md, "Failures in forms").
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
    // A new attempt: the failures on screen are about the one before.
    onMutate: () => notify.clearErrors(),
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

/**
 * A call that changes nothing the app holds and tells nothing itself (a lookup, a code sent, a connection
 * check): the form that asked shows the outcome.
 */
export function useCallMutation<TInput = void, TData = unknown>(mutationFn: (input: TInput) => Promise<TData>) {
  return useApiMutation({ mutationFn, invalidates: [] });
}

/** An endpoint answering a named entry as JSON (an employee, a role, a device, a leave type…). */
type Named<Extra = unknown> = EndpointDef & {
  readonly response: z.ZodType<{ name: string } & Extra>;
  readonly produces?: undefined;
};
/** A named entry's endpoint's answer: `Named` rules out file answers, which TypeScript cannot see through `E`. */
const callNamed = <E extends Named>(endpoint: E, input: object) =>
  callEndpoint(endpoint, input) as Promise<ResponseOf<E>>;

/** An endpoint of a named entry that takes a body. */
type NamedWithBody = Named & { readonly body: z.ZodType };

/**
 * A new entry's body, or an entry's id with its changes. Dialogs whose add and edit take the same body
 * send it as `body`, with the id when editing.
 */
export type SaveInput<C extends NamedWithBody, U extends NamedWithBody> =
  | { id?: undefined; body: z.input<C['body']> }
  | { id: number; changes: z.input<U['body']> }
  | { id?: number | undefined; body: z.input<C['body']> & z.input<U['body']> };

/**
 * The save of an add-or-edit dialog: adds an entry when the input has no id, changes entry `id` otherwise,
 * and says which in the toast, over the entry's name (or `describe`'s line). Failures are the dialog's to
 * show, in the form.
 */
export function useSaveMutation<C extends NamedWithBody, U extends NamedWithBody>(
  endpoints: { create: C; update: U },
  options: {
    invalidates: ApiMutationOptions<unknown, unknown>['invalidates'];
    added: string;
    updated: string;
    describe?: (saved: ResponseOf<C> | ResponseOf<U>) => string;
  },
) {
  const { create, update } = endpoints;
  return useApiMutation({
    mutationFn: (input: SaveInput<C, U>): Promise<ResponseOf<C> | ResponseOf<U>> =>
      input.id === undefined
        ? callNamed(create, { body: input.body })
        : callNamed(update, { params: { id: input.id }, body: 'changes' in input ? input.changes : input.body }),
    invalidates: options.invalidates,
    success: (saved, input) => ({
      title: input.id === undefined ? options.added : options.updated,
      body: options.describe ? options.describe(saved) : saved.name,
    }),
  });
}

/** Activates or deactivates entry `id`; the toast says which, over its name. */
export function useStatusMutation<E extends Named<{ isActive: boolean }>>(
  endpoint: E,
  options: {
    invalidates: ApiMutationOptions<unknown, unknown>['invalidates'];
    activated: string;
    deactivated: string;
    failure: string;
  },
) {
  return useApiMutation({
    mutationFn: (input: { id: number; isActive: boolean }) =>
      callNamed(endpoint, { params: { id: input.id }, body: { isActive: input.isActive } }),
    invalidates: options.invalidates,
    success: (saved) => ({ title: saved.isActive ? options.activated : options.deactivated, body: saved.name }),
    failure: options.failure,
  });
}
