import { BaseSerializer, BaseViewSet, type Manager, type RowOfModel, Router, defineModel } from "@viewsets/core";
import { registerRoutes } from "@viewsets/fastify";
import Fastify from "fastify";

const Todo = defineModel({
  name: "Todo",
  fields: { id: { type: "int", primaryKey: true }, title: { type: "string", maxLength: 200 }, done: { type: "bool" } },
});
type Todo = RowOfModel<typeof Todo>;

// A manager over a Map: the methods the viewset calls. @viewsets/drizzle makes one per table.
const rows = new Map<number, Todo>();
let lastId = 0;
const todos: Manager<Todo, Omit<Todo, "id">> = {
  count: async () => rows.size,
  all: async () => [...rows.values()],
  get: async (_ctx, id) => rows.get(Number(id)) ?? null,
  create: async (_ctx, data) => rows.set(++lastId, { ...data, id: lastId }).get(lastId)!,
  update: async (_ctx, todo) => rows.set(todo.id, todo).get(todo.id)!,
  delete: async (_ctx, todo) => void rows.delete(todo.id),
};

const router = new Router("/api/v1");
router.register("todos", new BaseViewSet({ serializer: () => new BaseSerializer(), queryset: todos, model: Todo }));

const app = Fastify();
registerRoutes(router, app);
await app.listen({ port: Number(process.env.PORT ?? 3000) });
