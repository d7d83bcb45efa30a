/** The adapter contract on Express 5, the version the repository develops with. */
import { runAdapterContract, runAuthContract } from "@viewsets/core/testing";
import express from "express";
import { expressAdapter } from "./express-app.js";

const adapter = expressAdapter("express", express);
runAdapterContract(adapter);
runAuthContract(adapter);
