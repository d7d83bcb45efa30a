/** The small tmpfs of the full-disk tests: it lives in the shared test kit (the admin's tests use it too). */
export { mountSmallDisk, type SmallDisk, smallDiskSkipReason } from "@viewsets/testkit";
