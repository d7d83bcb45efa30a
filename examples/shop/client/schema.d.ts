// Generated from openapi.json by openapi-typescript (src/client-types.ts): do not edit.
export interface paths {
    "/api/v1/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The API root
         * @description A link to each resource, as DRF's `DefaultRouter` answers its root.
         */
        get: operations["api_root"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/products/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List products */
        get: operations["products_list"];
        put?: never;
        /** Create a product */
        post: operations["products_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/products/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Retrieve a product */
        get: operations["products_retrieve"];
        /** Replace a product */
        put: operations["products_update"];
        post?: never;
        /** Delete a product */
        delete: operations["products_destroy"];
        options?: never;
        head?: never;
        /** Update some fields of a product */
        patch: operations["products_partial_update"];
        trace?: never;
    };
    "/api/v1/products/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Counts by status and the average price */
        get: operations["products_stats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/products/{id}/discount": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Lower the price by a percentage */
        post: operations["products_discount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/categories/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List categories */
        get: operations["categories_list"];
        put?: never;
        /** Create a category */
        post: operations["categories_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/categories/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Retrieve a category */
        get: operations["categories_retrieve"];
        /** Replace a category */
        put: operations["categories_update"];
        post?: never;
        /** Delete a category */
        delete: operations["categories_destroy"];
        options?: never;
        head?: never;
        /** Update some fields of a category */
        patch: operations["categories_partial_update"];
        trace?: never;
    };
    "/api/v1/price_changes/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List price changes */
        get: operations["price_changes_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/price_changes/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Retrieve a price change */
        get: operations["price_changes_retrieve"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/schema/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This OpenAPI document */
        get: operations["schema_openapi"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/schema/docs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The API reference page */
        get: operations["schema_docs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description A link to each resource of the API, as absolute URLs. */
        ApiRoot: {
            /**
             * Format: uri
             * @description The absolute URL of `/api/v1/products/`.
             */
            products: string;
            /**
             * Format: uri
             * @description The absolute URL of `/api/v1/categories/`.
             */
            categories: string;
            /**
             * Format: uri
             * @description The absolute URL of `/api/v1/price_changes/`.
             */
            price_changes: string;
            /**
             * Format: uri
             * @description The absolute URL of `/api/v1/schema/openapi.json`.
             */
            openapi: string;
            /**
             * Format: uri
             * @description The absolute URL of `/api/v1/schema/docs`.
             */
            docs: string;
        };
        /** @description An RFC 9457 problem details object. */
        Problem: {
            /** @description A URI reference that identifies the problem type ("about:blank"). */
            type: string;
            /** @description A short summary of the problem type. */
            title: string;
            /** @description The HTTP status code. */
            status: number;
            /** @description An explanation of this occurrence of the problem. */
            detail: string;
        };
        Product: {
            /** Format: int64 */
            readonly id: number;
            name: string;
            description: string | null;
            /**
             * Format: int64
             * @description Primary key of a category.
             */
            categoryId: number;
            inStock: boolean;
            /**
             * Format: decimal
             * @description Two decimal places; a live product needs a price above zero.
             */
            price: string;
            /**
             * @description One of `draft` (Draft), `live` (On sale), `archived` (Archived).
             * @enum {string}
             */
            status: "draft" | "live" | "archived";
            /** Format: date-time */
            readonly createdAt: string;
            /** Format: date-time */
            readonly updatedAt: string;
            /** @description The name of the category that categoryId points at. */
            readonly category: string;
            /** @description Whether a customer can buy it now: live and in stock. */
            readonly available: boolean;
        };
        /** @description Only the fields `fields` names, or all but those `omit` names. */
        SparseProduct: {
            /** Format: int64 */
            readonly id?: number;
            name?: string;
            description?: string | null;
            /**
             * Format: int64
             * @description Primary key of a category.
             */
            categoryId?: number;
            inStock?: boolean;
            /**
             * Format: decimal
             * @description Two decimal places; a live product needs a price above zero.
             */
            price?: string;
            /**
             * @description One of `draft` (Draft), `live` (On sale), `archived` (Archived).
             * @enum {string}
             */
            status?: "draft" | "live" | "archived";
            /** Format: date-time */
            readonly createdAt?: string;
            /** Format: date-time */
            readonly updatedAt?: string;
            /** @description The name of the category that categoryId points at. */
            readonly category?: string;
            /** @description Whether a customer can buy it now: live and in stock. */
            readonly available?: boolean;
        };
        PaginatedProductList: {
            /** @example 123 */
            count: number;
            /**
             * Format: uri
             * @example http://api.example.org/items/?page=4
             */
            next: string | null;
            /**
             * Format: uri
             * @example http://api.example.org/items/?page=2
             */
            previous: string | null;
            results: components["schemas"]["Product"][];
        };
        PaginatedSparseProductList: {
            /** @example 123 */
            count: number;
            /**
             * Format: uri
             * @example http://api.example.org/items/?page=4
             */
            next: string | null;
            /**
             * Format: uri
             * @example http://api.example.org/items/?page=2
             */
            previous: string | null;
            results: components["schemas"]["SparseProduct"][];
        };
        /** @description A problem details object with the errors of each field (`non_field_errors` for the whole object). */
        ValidationProblem: {
            /** @description A URI reference that identifies the problem type ("about:blank"). */
            type: string;
            /** @description A short summary of the problem type. */
            title: string;
            /** @description The HTTP status code. */
            status: number;
            /** @description An explanation of this occurrence of the problem. */
            detail: string;
            /** @description Error messages by field name; present when the input failed validation. */
            errors?: {
                [key: string]: string[];
            };
        };
        ProductRequest: {
            name: string;
            description?: string | null;
            /**
             * Format: int64
             * @description Primary key of a category.
             */
            categoryId: number;
            inStock?: boolean;
            /** @description Decimal text, or a JSON number read as its shortest text, with at most 10 digits, 2 after the point. Two decimal places; a live product needs a price above zero. */
            price: string | number;
            /** @enum {string} */
            status?: "draft" | "live" | "archived";
            /**
             * Format: int64
             * @description Read-only: ignored in a request.
             */
            readonly id?: number;
            /**
             * Format: date-time
             * @description Read-only: ignored in a request.
             */
            readonly createdAt?: string;
            /**
             * Format: date-time
             * @description Read-only: ignored in a request.
             */
            readonly updatedAt?: string;
            /** @description Read-only: ignored in a request. */
            readonly category?: string;
            /** @description Read-only: ignored in a request. */
            readonly available?: boolean;
        };
        PatchedProductRequest: {
            name?: string;
            description?: string | null;
            /**
             * Format: int64
             * @description Primary key of a category.
             */
            categoryId?: number;
            inStock?: boolean;
            /** @description Decimal text, or a JSON number read as its shortest text, with at most 10 digits, 2 after the point. Two decimal places; a live product needs a price above zero. */
            price?: string | number;
            /** @enum {string} */
            status?: "draft" | "live" | "archived";
            /**
             * Format: int64
             * @description Read-only: ignored in a request.
             */
            readonly id?: number;
            /**
             * Format: date-time
             * @description Read-only: ignored in a request.
             */
            readonly createdAt?: string;
            /**
             * Format: date-time
             * @description Read-only: ignored in a request.
             */
            readonly updatedAt?: string;
            /** @description Read-only: ignored in a request. */
            readonly category?: string;
            /** @description Read-only: ignored in a request. */
            readonly available?: boolean;
        };
        Category: {
            /** Format: int64 */
            readonly id: number;
            /** @description Unique: no two records have the same value. */
            name: string;
            description: string | null;
            /** Format: date-time */
            readonly createdAt: string;
        };
        /** @description Only the fields `fields` names, or all but those `omit` names. */
        SparseCategory: {
            /** Format: int64 */
            readonly id?: number;
            /** @description Unique: no two records have the same value. */
            name?: string;
            description?: string | null;
            /** Format: date-time */
            readonly createdAt?: string;
        };
        PaginatedCategoryList: {
            /** @example 123 */
            count: number;
            /**
             * Format: uri
             * @example http://api.example.org/items/?page=4
             */
            next: string | null;
            /**
             * Format: uri
             * @example http://api.example.org/items/?page=2
             */
            previous: string | null;
            results: components["schemas"]["Category"][];
        };
        PaginatedSparseCategoryList: {
            /** @example 123 */
            count: number;
            /**
             * Format: uri
             * @example http://api.example.org/items/?page=4
             */
            next: string | null;
            /**
             * Format: uri
             * @example http://api.example.org/items/?page=2
             */
            previous: string | null;
            results: components["schemas"]["SparseCategory"][];
        };
        CategoryRequest: {
            /** @description Unique: no two records have the same value. */
            name: string;
            description?: string | null;
            /**
             * Format: int64
             * @description Read-only: ignored in a request.
             */
            readonly id?: number;
            /**
             * Format: date-time
             * @description Read-only: ignored in a request.
             */
            readonly createdAt?: string;
        };
        PatchedCategoryRequest: {
            /** @description Unique: no two records have the same value. */
            name?: string;
            description?: string | null;
            /**
             * Format: int64
             * @description Read-only: ignored in a request.
             */
            readonly id?: number;
            /**
             * Format: date-time
             * @description Read-only: ignored in a request.
             */
            readonly createdAt?: string;
        };
        PriceChange: {
            /** Format: int64 */
            readonly id: number;
            /**
             * Format: int64
             * @description Primary key of a product.
             */
            productId: number;
            /** Format: decimal */
            oldPrice: string;
            /** Format: decimal */
            newPrice: string;
            reason: string;
            /** Format: date-time */
            readonly changedAt: string;
        };
        /** @description Only the fields `fields` names, or all but those `omit` names. */
        SparsePriceChange: {
            /** Format: int64 */
            readonly id?: number;
            /**
             * Format: int64
             * @description Primary key of a product.
             */
            productId?: number;
            /** Format: decimal */
            oldPrice?: string;
            /** Format: decimal */
            newPrice?: string;
            reason?: string;
            /** Format: date-time */
            readonly changedAt?: string;
        };
        PaginatedPriceChangeList: {
            /** @example 123 */
            count: number;
            /**
             * Format: uri
             * @example http://api.example.org/items/?page=4
             */
            next: string | null;
            /**
             * Format: uri
             * @example http://api.example.org/items/?page=2
             */
            previous: string | null;
            results: components["schemas"]["PriceChange"][];
        };
        PaginatedSparsePriceChangeList: {
            /** @example 123 */
            count: number;
            /**
             * Format: uri
             * @example http://api.example.org/items/?page=4
             */
            next: string | null;
            /**
             * Format: uri
             * @example http://api.example.org/items/?page=2
             */
            previous: string | null;
            results: components["schemas"]["SparsePriceChange"][];
        };
    };
    responses: {
        /** @description Authentication credentials were missing or wrong. */
        Unauthenticated: {
            headers: {
                /** @description The authentication scheme to use. */
                "WWW-Authenticate"?: string;
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Permission denied. */
        PermissionDenied: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Invalid input: a parameter or body field that failed validation (each named in `errors`), or malformed JSON. */
        ValidationError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["ValidationProblem"];
            };
        };
        /** @description Not found (an unknown id, or a page past the last one). */
        NotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The Accept header rules out JSON. */
        NotAcceptable: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Something the request needs (its database, or a throttle store that fails closed) is down, busy or full: nothing was done, and the same request may be sent again after Retry-After. */
        Unavailable: {
            headers: {
                /** @description Seconds to wait before retrying. */
                "Retry-After"?: number;
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The database refused the write on a constraint it could not tie to fields (a unique index on an expression), or a record others refer to cannot be deleted. */
        Conflict: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The request body is larger than the limit. */
        PayloadTooLarge: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The request body's media type is not one this operation takes. */
        UnsupportedMediaType: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description If-Match names no current tag of the record: it changed since it was read. */
        PreconditionFailed: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
    };
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    api_root: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiRoot"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["PermissionDenied"];
        };
    };
    products_list: {
        parameters: {
            query?: {
                /** @description A page number within the paginated result set (from 1), or "last". */
                page?: number | "last";
                /** @description Number of results per page (default 20, at most 100: a larger number is 100; a value that is not a whole number from 1 is the default). */
                page_size?: number | string;
                /** @description Fields to order by, comma-separated; a leading "-" sorts descending. Allowed: name, price, createdAt, updatedAt, category__name (other names are ignored). Default: -createdAt. */
                ordering?: string[];
                /** @description Search terms (separated by spaces or commas); each must appear in one of: name, description. */
                search?: string;
                /** @description name: Equal to (the parameter repeated matches any of its values). */
                name?: string | string[];
                /** @description name: Equal to, ignoring case (the parameter repeated matches any of its values) */
                name__iexact?: string | string[];
                /** @description name: Contains this text (the parameter repeated matches any of its values) */
                name__contains?: string | string[];
                /** @description name: Contains this text, ignoring case (the parameter repeated matches any of its values) */
                name__icontains?: string | string[];
                /** @description name: Starts with this text (the parameter repeated matches any of its values) */
                name__startswith?: string | string[];
                /** @description name: Starts with this text, ignoring case (the parameter repeated matches any of its values) */
                name__istartswith?: string | string[];
                /** @description name: Ends with this text (the parameter repeated matches any of its values) */
                name__endswith?: string | string[];
                /** @description name: Ends with this text, ignoring case (the parameter repeated matches any of its values) */
                name__iendswith?: string | string[];
                /** @description name: Any of these values, comma-separated. */
                name__in?: string[];
                /** @description status: Equal to (the parameter repeated matches any of its values). */
                status?: ("draft" | "live" | "archived") | ("draft" | "live" | "archived")[];
                /** @description status: Any of these values, comma-separated. */
                status__in?: ("draft" | "live" | "archived")[];
                /** @description categoryId: Equal to (the parameter repeated matches any of its values). */
                categoryId?: number | number[];
                /** @description categoryId: Any of these values, comma-separated. */
                categoryId__in?: number[];
                /** @description inStock: Equal to (the parameter repeated matches any of its values). */
                inStock?: (boolean | (0 | 1)) | (boolean | (0 | 1))[];
                /** @description price: Equal to (the parameter repeated matches any of its values). */
                price?: string | string[];
                /** @description price: Greater than (the parameter repeated matches any of its values) */
                price__gt?: string | string[];
                /** @description price: Greater than or equal to (the parameter repeated matches any of its values) */
                price__gte?: string | string[];
                /** @description price: Less than (the parameter repeated matches any of its values) */
                price__lt?: string | string[];
                /** @description price: Less than or equal to (the parameter repeated matches any of its values) */
                price__lte?: string | string[];
                /** @description price: Any of these values, comma-separated. */
                price__in?: string[];
                /** @description price: Between two values, both included: a comma-separated pair. */
                price__range?: string[];
                /** @description createdAt: Equal to (the parameter repeated matches any of its values). */
                createdAt?: (string | unknown | unknown) | (string | unknown | unknown)[];
                /** @description createdAt: Greater than (the parameter repeated matches any of its values) */
                createdAt__gt?: (string | unknown | unknown) | (string | unknown | unknown)[];
                /** @description createdAt: Greater than or equal to (the parameter repeated matches any of its values) */
                createdAt__gte?: (string | unknown | unknown) | (string | unknown | unknown)[];
                /** @description createdAt: Less than (the parameter repeated matches any of its values) */
                createdAt__lt?: (string | unknown | unknown) | (string | unknown | unknown)[];
                /** @description createdAt: Less than or equal to (the parameter repeated matches any of its values) */
                createdAt__lte?: (string | unknown | unknown) | (string | unknown | unknown)[];
                /** @description createdAt: Any of these values, comma-separated. */
                createdAt__in?: (string | unknown | unknown)[];
                /** @description createdAt: Between two values, both included: a comma-separated pair. */
                createdAt__range?: (string | unknown | unknown)[];
                /** @description category__name: Equal to (the parameter repeated matches any of its values). */
                category__name?: string | string[];
                /** @description category__name: Equal to, ignoring case (the parameter repeated matches any of its values) */
                category__name__iexact?: string | string[];
                /** @description category__name: Contains this text (the parameter repeated matches any of its values) */
                category__name__contains?: string | string[];
                /** @description category__name: Contains this text, ignoring case (the parameter repeated matches any of its values) */
                category__name__icontains?: string | string[];
                /** @description category__name: Starts with this text (the parameter repeated matches any of its values) */
                category__name__startswith?: string | string[];
                /** @description category__name: Starts with this text, ignoring case (the parameter repeated matches any of its values) */
                category__name__istartswith?: string | string[];
                /** @description category__name: Ends with this text (the parameter repeated matches any of its values) */
                category__name__endswith?: string | string[];
                /** @description category__name: Ends with this text, ignoring case (the parameter repeated matches any of its values) */
                category__name__iendswith?: string | string[];
                /** @description category__name: Any of these values, comma-separated. */
                category__name__in?: string[];
                /** @description Only these fields in each object, comma-separated. */
                fields?: ("id" | "name" | "description" | "categoryId" | "inStock" | "price" | "status" | "createdAt" | "updatedAt" | "category" | "available")[];
                /** @description Every field but these, comma-separated. */
                omit?: ("id" | "name" | "description" | "categoryId" | "inStock" | "price" | "status" | "createdAt" | "updatedAt" | "category" | "available")[];
            };
            header?: {
                /** @description An ETag this client holds: 304 with no body when it is still the current one. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of results. */
            200: {
                headers: {
                    /** @description The weak entity tag of this answer: send it back as If-None-Match (a read) or If-Match (a write). */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.viewsets.sparse+json": components["schemas"]["PaginatedSparseProductList"];
                    "application/json": components["schemas"]["PaginatedProductList"];
                };
            };
            /** @description Not modified: If-None-Match names the current ETag. */
            304: {
                headers: {
                    /** @description The weak entity tag of this answer: send it back as If-None-Match (a read) or If-Match (a write). */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["PermissionDenied"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            503: components["responses"]["Unavailable"];
        };
    };
    products_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ProductRequest"] | components["schemas"]["ProductRequest"][];
                "application/x-www-form-urlencoded": components["schemas"]["ProductRequest"];
            };
        };
        responses: {
            /** @description Created: the record, or the list of a bulk create. */
            201: {
                headers: {
                    /** @description The URL of the new record (not sent for a bulk create). */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Product"] | components["schemas"]["Product"][];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["PermissionDenied"];
            406: components["responses"]["NotAcceptable"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            503: components["responses"]["Unavailable"];
        };
    };
    products_retrieve: {
        parameters: {
            query?: {
                /** @description Only these fields in each object, comma-separated. */
                fields?: ("id" | "name" | "description" | "categoryId" | "inStock" | "price" | "status" | "createdAt" | "updatedAt" | "category" | "available")[];
                /** @description Every field but these, comma-separated. */
                omit?: ("id" | "name" | "description" | "categoryId" | "inStock" | "price" | "status" | "createdAt" | "updatedAt" | "category" | "available")[];
            };
            header?: {
                /** @description An ETag this client holds: 304 with no body when it is still the current one. */
                "If-None-Match"?: string;
            };
            path: {
                /** @description A unique integer value identifying this product. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The record. */
            200: {
                headers: {
                    /** @description The weak entity tag of this answer: send it back as If-None-Match (a read) or If-Match (a write). */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.viewsets.sparse+json": components["schemas"]["SparseProduct"];
                    "application/json": components["schemas"]["Product"];
                };
            };
            /** @description Not modified: If-None-Match names the current ETag. */
            304: {
                headers: {
                    /** @description The weak entity tag of this answer: send it back as If-None-Match (a read) or If-Match (a write). */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["PermissionDenied"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            503: components["responses"]["Unavailable"];
        };
    };
    products_update: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag the record was read with: the write happens only if the record still has it, else 412. */
                "If-Match"?: string;
            };
            path: {
                /** @description A unique integer value identifying this product. */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ProductRequest"];
                "application/x-www-form-urlencoded": components["schemas"]["ProductRequest"];
            };
        };
        responses: {
            /** @description The updated record. */
            200: {
                headers: {
                    /** @description The weak entity tag of this answer: send it back as If-None-Match (a read) or If-Match (a write). */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Product"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["PermissionDenied"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            409: components["responses"]["Conflict"];
            412: components["responses"]["PreconditionFailed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            503: components["responses"]["Unavailable"];
        };
    };
    products_destroy: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag the record was read with: the write happens only if the record still has it, else 412. */
                "If-Match"?: string;
            };
            path: {
                /** @description A unique integer value identifying this product. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["PermissionDenied"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            409: components["responses"]["Conflict"];
            412: components["responses"]["PreconditionFailed"];
            503: components["responses"]["Unavailable"];
        };
    };
    products_partial_update: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag the record was read with: the write happens only if the record still has it, else 412. */
                "If-Match"?: string;
            };
            path: {
                /** @description A unique integer value identifying this product. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["PatchedProductRequest"];
                "application/merge-patch+json": components["schemas"]["PatchedProductRequest"];
                "application/x-www-form-urlencoded": components["schemas"]["PatchedProductRequest"];
            };
        };
        responses: {
            /** @description The updated record. */
            200: {
                headers: {
                    /** @description The weak entity tag of this answer: send it back as If-None-Match (a read) or If-Match (a write). */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Product"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["PermissionDenied"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            409: components["responses"]["Conflict"];
            412: components["responses"]["PreconditionFailed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            503: components["responses"]["Unavailable"];
        };
    };
    products_stats: {
        parameters: {
            query?: {
                categoryId?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        count: number;
                        byStatus: {
                            draft: number;
                            live: number;
                            archived: number;
                        };
                        averageInStockPrice: string | null;
                    };
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["PermissionDenied"];
            503: components["responses"]["Unavailable"];
        };
    };
    products_discount: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A unique integer value identifying this product. */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    percent: number;
                    /** @default discount */
                    reason?: string;
                };
            };
        };
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Product"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["PermissionDenied"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            503: components["responses"]["Unavailable"];
        };
    };
    categories_list: {
        parameters: {
            query?: {
                /** @description A page number within the paginated result set (from 1), or "last". */
                page?: number | "last";
                /** @description Number of results per page (default 20, at most 100: a larger number is 100; a value that is not a whole number from 1 is the default). */
                page_size?: number | string;
                /** @description Fields to order by, comma-separated; a leading "-" sorts descending. Allowed: id, name, description, createdAt (other names are ignored). Default: name. */
                ordering?: string[];
                /** @description Search terms (separated by spaces or commas); each must appear in one of: name. */
                search?: string;
                /** @description id: Equal to (the parameter repeated matches any of its values). */
                id?: number | number[];
                /** @description id: Greater than (the parameter repeated matches any of its values) */
                id__gt?: number | number[];
                /** @description id: Greater than or equal to (the parameter repeated matches any of its values) */
                id__gte?: number | number[];
                /** @description id: Less than (the parameter repeated matches any of its values) */
                id__lt?: number | number[];
                /** @description id: Less than or equal to (the parameter repeated matches any of its values) */
                id__lte?: number | number[];
                /** @description id: Any of these values, comma-separated. */
                id__in?: number[];
                /** @description id: Between two values, both included: a comma-separated pair. */
                id__range?: number[];
                /** @description name: Equal to (the parameter repeated matches any of its values). */
                name?: string | string[];
                /** @description name: Equal to, ignoring case (the parameter repeated matches any of its values) */
                name__iexact?: string | string[];
                /** @description name: Contains this text (the parameter repeated matches any of its values) */
                name__contains?: string | string[];
                /** @description name: Contains this text, ignoring case (the parameter repeated matches any of its values) */
                name__icontains?: string | string[];
                /** @description name: Starts with this text (the parameter repeated matches any of its values) */
                name__startswith?: string | string[];
                /** @description name: Starts with this text, ignoring case (the parameter repeated matches any of its values) */
                name__istartswith?: string | string[];
                /** @description name: Ends with this text (the parameter repeated matches any of its values) */
                name__endswith?: string | string[];
                /** @description name: Ends with this text, ignoring case (the parameter repeated matches any of its values) */
                name__iendswith?: string | string[];
                /** @description name: Any of these values, comma-separated. */
                name__in?: string[];
                /** @description description: Equal to (the parameter repeated matches any of its values). */
                description?: string | string[];
                /** @description description: Equal to, ignoring case (the parameter repeated matches any of its values) */
                description__iexact?: string | string[];
                /** @description description: Contains this text (the parameter repeated matches any of its values) */
                description__contains?: string | string[];
                /** @description description: Contains this text, ignoring case (the parameter repeated matches any of its values) */
                description__icontains?: string | string[];
                /** @description description: Starts with this text (the parameter repeated matches any of its values) */
                description__startswith?: string | string[];
                /** @description description: Starts with this text, ignoring case (the parameter repeated matches any of its values) */
                description__istartswith?: string | string[];
                /** @description description: Ends with this text (the parameter repeated matches any of its values) */
                description__endswith?: string | string[];
                /** @description description: Ends with this text, ignoring case (the parameter repeated matches any of its values) */
                description__iendswith?: string | string[];
                /** @description description: Any of these values, comma-separated. */
                description__in?: string[];
                /** @description description: true or 1: the value is null; false or 0: it is not. */
                description__isnull?: (boolean | (0 | 1)) | (boolean | (0 | 1))[];
                /** @description createdAt: Equal to (the parameter repeated matches any of its values). */
                createdAt?: (string | unknown | unknown) | (string | unknown | unknown)[];
                /** @description createdAt: Greater than (the parameter repeated matches any of its values) */
                createdAt__gt?: (string | unknown | unknown) | (string | unknown | unknown)[];
                /** @description createdAt: Greater than or equal to (the parameter repeated matches any of its values) */
                createdAt__gte?: (string | unknown | unknown) | (string | unknown | unknown)[];
                /** @description createdAt: Less than (the parameter repeated matches any of its values) */
                createdAt__lt?: (string | unknown | unknown) | (string | unknown | unknown)[];
                /** @description createdAt: Less than or equal to (the parameter repeated matches any of its values) */
                createdAt__lte?: (string | unknown | unknown) | (string | unknown | unknown)[];
                /** @description createdAt: Any of these values, comma-separated. */
                createdAt__in?: (string | unknown | unknown)[];
                /** @description createdAt: Between two values, both included: a comma-separated pair. */
                createdAt__range?: (string | unknown | unknown)[];
                /** @description Only these fields in each object, comma-separated. */
                fields?: ("id" | "name" | "description" | "createdAt")[];
                /** @description Every field but these, comma-separated. */
                omit?: ("id" | "name" | "description" | "createdAt")[];
            };
            header?: {
                /** @description An ETag this client holds: 304 with no body when it is still the current one. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of results. */
            200: {
                headers: {
                    /** @description The weak entity tag of this answer: send it back as If-None-Match (a read) or If-Match (a write). */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.viewsets.sparse+json": components["schemas"]["PaginatedSparseCategoryList"];
                    "application/json": components["schemas"]["PaginatedCategoryList"];
                };
            };
            /** @description Not modified: If-None-Match names the current ETag. */
            304: {
                headers: {
                    /** @description The weak entity tag of this answer: send it back as If-None-Match (a read) or If-Match (a write). */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["PermissionDenied"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            503: components["responses"]["Unavailable"];
        };
    };
    categories_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CategoryRequest"];
                "application/x-www-form-urlencoded": components["schemas"]["CategoryRequest"];
            };
        };
        responses: {
            /** @description Created. */
            201: {
                headers: {
                    /** @description The URL of the new record (not sent for a bulk create). */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Category"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["PermissionDenied"];
            406: components["responses"]["NotAcceptable"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            503: components["responses"]["Unavailable"];
        };
    };
    categories_retrieve: {
        parameters: {
            query?: {
                /** @description Only these fields in each object, comma-separated. */
                fields?: ("id" | "name" | "description" | "createdAt")[];
                /** @description Every field but these, comma-separated. */
                omit?: ("id" | "name" | "description" | "createdAt")[];
            };
            header?: {
                /** @description An ETag this client holds: 304 with no body when it is still the current one. */
                "If-None-Match"?: string;
            };
            path: {
                /** @description A unique integer value identifying this category. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The record. */
            200: {
                headers: {
                    /** @description The weak entity tag of this answer: send it back as If-None-Match (a read) or If-Match (a write). */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.viewsets.sparse+json": components["schemas"]["SparseCategory"];
                    "application/json": components["schemas"]["Category"];
                };
            };
            /** @description Not modified: If-None-Match names the current ETag. */
            304: {
                headers: {
                    /** @description The weak entity tag of this answer: send it back as If-None-Match (a read) or If-Match (a write). */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["PermissionDenied"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            503: components["responses"]["Unavailable"];
        };
    };
    categories_update: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag the record was read with: the write happens only if the record still has it, else 412. */
                "If-Match"?: string;
            };
            path: {
                /** @description A unique integer value identifying this category. */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CategoryRequest"];
                "application/x-www-form-urlencoded": components["schemas"]["CategoryRequest"];
            };
        };
        responses: {
            /** @description The updated record. */
            200: {
                headers: {
                    /** @description The weak entity tag of this answer: send it back as If-None-Match (a read) or If-Match (a write). */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Category"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["PermissionDenied"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            409: components["responses"]["Conflict"];
            412: components["responses"]["PreconditionFailed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            503: components["responses"]["Unavailable"];
        };
    };
    categories_destroy: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag the record was read with: the write happens only if the record still has it, else 412. */
                "If-Match"?: string;
            };
            path: {
                /** @description A unique integer value identifying this category. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["PermissionDenied"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            409: components["responses"]["Conflict"];
            412: components["responses"]["PreconditionFailed"];
            503: components["responses"]["Unavailable"];
        };
    };
    categories_partial_update: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag the record was read with: the write happens only if the record still has it, else 412. */
                "If-Match"?: string;
            };
            path: {
                /** @description A unique integer value identifying this category. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["PatchedCategoryRequest"];
                "application/merge-patch+json": components["schemas"]["PatchedCategoryRequest"];
                "application/x-www-form-urlencoded": components["schemas"]["PatchedCategoryRequest"];
            };
        };
        responses: {
            /** @description The updated record. */
            200: {
                headers: {
                    /** @description The weak entity tag of this answer: send it back as If-None-Match (a read) or If-Match (a write). */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Category"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["PermissionDenied"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            409: components["responses"]["Conflict"];
            412: components["responses"]["PreconditionFailed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            503: components["responses"]["Unavailable"];
        };
    };
    price_changes_list: {
        parameters: {
            query?: {
                /** @description A page number within the paginated result set (from 1), or "last". */
                page?: number | "last";
                /** @description Number of results per page (default 20, at most 100: a larger number is 100; a value that is not a whole number from 1 is the default). */
                page_size?: number | string;
                /** @description Fields to order by, comma-separated; a leading "-" sorts descending. Allowed: id, productId, oldPrice, newPrice, reason, changedAt (other names are ignored). Default: -changedAt. */
                ordering?: string[];
                /** @description Search terms (separated by spaces or commas); each must appear in one of: reason, product__name. */
                search?: string;
                /** @description productId: Equal to (the parameter repeated matches any of its values). */
                productId?: number | number[];
                /** @description productId: Any of these values, comma-separated. */
                productId__in?: number[];
                /** @description reason: Equal to (the parameter repeated matches any of its values). */
                reason?: string | string[];
                /** @description reason: Equal to, ignoring case (the parameter repeated matches any of its values) */
                reason__iexact?: string | string[];
                /** @description reason: Contains this text (the parameter repeated matches any of its values) */
                reason__contains?: string | string[];
                /** @description reason: Contains this text, ignoring case (the parameter repeated matches any of its values) */
                reason__icontains?: string | string[];
                /** @description reason: Starts with this text (the parameter repeated matches any of its values) */
                reason__startswith?: string | string[];
                /** @description reason: Starts with this text, ignoring case (the parameter repeated matches any of its values) */
                reason__istartswith?: string | string[];
                /** @description reason: Ends with this text (the parameter repeated matches any of its values) */
                reason__endswith?: string | string[];
                /** @description reason: Ends with this text, ignoring case (the parameter repeated matches any of its values) */
                reason__iendswith?: string | string[];
                /** @description reason: Any of these values, comma-separated. */
                reason__in?: string[];
                /** @description changedAt: Equal to (the parameter repeated matches any of its values). */
                changedAt?: (string | unknown | unknown) | (string | unknown | unknown)[];
                /** @description changedAt: Greater than (the parameter repeated matches any of its values) */
                changedAt__gt?: (string | unknown | unknown) | (string | unknown | unknown)[];
                /** @description changedAt: Greater than or equal to (the parameter repeated matches any of its values) */
                changedAt__gte?: (string | unknown | unknown) | (string | unknown | unknown)[];
                /** @description changedAt: Less than (the parameter repeated matches any of its values) */
                changedAt__lt?: (string | unknown | unknown) | (string | unknown | unknown)[];
                /** @description changedAt: Less than or equal to (the parameter repeated matches any of its values) */
                changedAt__lte?: (string | unknown | unknown) | (string | unknown | unknown)[];
                /** @description changedAt: Any of these values, comma-separated. */
                changedAt__in?: (string | unknown | unknown)[];
                /** @description changedAt: Between two values, both included: a comma-separated pair. */
                changedAt__range?: (string | unknown | unknown)[];
                /** @description product__name: Equal to (the parameter repeated matches any of its values). */
                product__name?: string | string[];
                /** @description product__name: Equal to, ignoring case (the parameter repeated matches any of its values) */
                product__name__iexact?: string | string[];
                /** @description product__name: Contains this text (the parameter repeated matches any of its values) */
                product__name__contains?: string | string[];
                /** @description product__name: Contains this text, ignoring case (the parameter repeated matches any of its values) */
                product__name__icontains?: string | string[];
                /** @description product__name: Starts with this text (the parameter repeated matches any of its values) */
                product__name__startswith?: string | string[];
                /** @description product__name: Starts with this text, ignoring case (the parameter repeated matches any of its values) */
                product__name__istartswith?: string | string[];
                /** @description product__name: Ends with this text (the parameter repeated matches any of its values) */
                product__name__endswith?: string | string[];
                /** @description product__name: Ends with this text, ignoring case (the parameter repeated matches any of its values) */
                product__name__iendswith?: string | string[];
                /** @description product__name: Any of these values, comma-separated. */
                product__name__in?: string[];
                /** @description product__category__name: Equal to (the parameter repeated matches any of its values). */
                product__category__name?: string | string[];
                /** @description product__category__name: Equal to, ignoring case (the parameter repeated matches any of its values) */
                product__category__name__iexact?: string | string[];
                /** @description product__category__name: Contains this text (the parameter repeated matches any of its values) */
                product__category__name__contains?: string | string[];
                /** @description product__category__name: Contains this text, ignoring case (the parameter repeated matches any of its values) */
                product__category__name__icontains?: string | string[];
                /** @description product__category__name: Starts with this text (the parameter repeated matches any of its values) */
                product__category__name__startswith?: string | string[];
                /** @description product__category__name: Starts with this text, ignoring case (the parameter repeated matches any of its values) */
                product__category__name__istartswith?: string | string[];
                /** @description product__category__name: Ends with this text (the parameter repeated matches any of its values) */
                product__category__name__endswith?: string | string[];
                /** @description product__category__name: Ends with this text, ignoring case (the parameter repeated matches any of its values) */
                product__category__name__iendswith?: string | string[];
                /** @description product__category__name: Any of these values, comma-separated. */
                product__category__name__in?: string[];
                /** @description Only these fields in each object, comma-separated. */
                fields?: ("id" | "productId" | "oldPrice" | "newPrice" | "reason" | "changedAt")[];
                /** @description Every field but these, comma-separated. */
                omit?: ("id" | "productId" | "oldPrice" | "newPrice" | "reason" | "changedAt")[];
            };
            header?: {
                /** @description An ETag this client holds: 304 with no body when it is still the current one. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of results. */
            200: {
                headers: {
                    /** @description The weak entity tag of this answer: send it back as If-None-Match (a read) or If-Match (a write). */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.viewsets.sparse+json": components["schemas"]["PaginatedSparsePriceChangeList"];
                    "application/json": components["schemas"]["PaginatedPriceChangeList"];
                };
            };
            /** @description Not modified: If-None-Match names the current ETag. */
            304: {
                headers: {
                    /** @description The weak entity tag of this answer: send it back as If-None-Match (a read) or If-Match (a write). */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["PermissionDenied"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            503: components["responses"]["Unavailable"];
        };
    };
    price_changes_retrieve: {
        parameters: {
            query?: {
                /** @description Only these fields in each object, comma-separated. */
                fields?: ("id" | "productId" | "oldPrice" | "newPrice" | "reason" | "changedAt")[];
                /** @description Every field but these, comma-separated. */
                omit?: ("id" | "productId" | "oldPrice" | "newPrice" | "reason" | "changedAt")[];
            };
            header?: {
                /** @description An ETag this client holds: 304 with no body when it is still the current one. */
                "If-None-Match"?: string;
            };
            path: {
                /** @description A unique integer value identifying this price change. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The record. */
            200: {
                headers: {
                    /** @description The weak entity tag of this answer: send it back as If-None-Match (a read) or If-Match (a write). */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.viewsets.sparse+json": components["schemas"]["SparsePriceChange"];
                    "application/json": components["schemas"]["PriceChange"];
                };
            };
            /** @description Not modified: If-None-Match names the current ETag. */
            304: {
                headers: {
                    /** @description The weak entity tag of this answer: send it back as If-None-Match (a read) or If-Match (a write). */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["PermissionDenied"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            503: components["responses"]["Unavailable"];
        };
    };
    schema_openapi: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    schema_docs: {
        parameters: {
            query?: {
                /** @description One of the page's script and style files instead of the page. */
                asset?: "swagger-ui.css" | "swagger-ui-bundle.js" | "init.js";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The reference page (HTML), or the asset named. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "text/css": string;
                    "text/javascript": string;
                };
            };
            404: components["responses"]["NotFound"];
        };
    };
}
