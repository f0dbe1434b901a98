// The little of camunda-external-task-client-js the tests use: the package ships no types.
declare module 'camunda-external-task-client-js' {
  export interface TypedValue {
    type: string;
    value: unknown;
    valueInfo?: Record<string, unknown>;
  }
  export class Variables {
    get(name: string): unknown;
    getAll(): Record<string, unknown>;
    set(name: string, value: unknown): Variables;
    setTyped(name: string, typedValue: TypedValue): Variables;
  }
  export interface Task {
    id: string;
    topicName: string;
    retries: number | null;
    variables: Variables;
    [field: string]: unknown;
  }
  export interface TaskService {
    complete(task: Task, variables?: Variables, localVariables?: Variables): Promise<void>;
    handleFailure(
      task: Task,
      options: { errorMessage?: string; errorDetails?: string; retries?: number; retryTimeout?: number },
    ): Promise<void>;
    handleBpmnError(
      task: Task,
      errorCode: string,
      errorMessage?: string,
      variables?: Variables,
    ): Promise<void>;
    extendLock(task: Task, newDuration: number): Promise<void>;
    lock(task: Task, duration: number): Promise<void>;
    unlock(task: Task): Promise<void>;
  }
  export type Interceptor = (config: { headers?: Record<string, string> }) => object;
  export class Client {
    constructor(options: {
      baseUrl: string;
      workerId?: string;
      maxTasks?: number;
      asyncResponseTimeout?: number;
      lockDuration?: number;
      interval?: number;
      autoPoll?: boolean;
      interceptors?: Interceptor | Interceptor[];
    });
    subscribe(
      topic: string,
      handler: (args: { task: Task; taskService: TaskService }) => Promise<void>,
    ): { unsubscribe(): void };
    on(event: string, listener: (...args: unknown[]) => void): this;
    start(): void;
    stop(): void;
  }
}
