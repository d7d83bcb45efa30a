/** The adapter contract on Koa 3, the version the repository develops with. */
import { runAdapterContract, runAuthContract } from "@viewsets/core/testing";
import Koa from "koa";
import { koaAdapter } from "./koa-app.js";

const adapter = koaAdapter("koa", Koa);
runAdapterContract(adapter);
runAuthContract(adapter);
