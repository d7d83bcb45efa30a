/** What a permission and the request's context know of the view serving it: its resource, action and whether it only reads. */
/** One of the six standard actions of a viewset. */
export type ViewAction = "list" | "create" | "retrieve" | "update" | "partial_update" | "destroy";

/** What a permission learns about the view it guards. */
export interface ViewInfo {
  readonly resource: string;
  /**
   * One of the six standard actions, the name of a custom action run with `checks: true`, or
   * `metadata` on `request.view` while an OPTIONS request is answered (its permissions are asked
   * as the `create` or `update` it describes).
   */
  readonly action: ViewAction | (string & {});
  readonly readOnly: boolean;
}
