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
    "/api/v1/authors/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List authors */
        get: operations["authors_list"];
        put?: never;
        /** Create an author */
        post: operations["authors_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/authors/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Retrieve an author */
        get: operations["authors_retrieve"];
        /** Replace an author */
        put: operations["authors_update"];
        post?: never;
        /** Delete an author */
        delete: operations["authors_destroy"];
        options?: never;
        head?: never;
        /** Update some fields of an author */
        patch: operations["authors_partial_update"];
        trace?: never;
    };
    "/api/v1/books/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List books */
        get: operations["books_list"];
        put?: never;
        /** Create a book */
        post: operations["books_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/books/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Retrieve a book */
        get: operations["books_retrieve"];
        /** Replace a book */
        put: operations["books_update"];
        post?: never;
        /** Delete a book */
        delete: operations["books_destroy"];
        options?: never;
        head?: never;
        /** Update some fields of a book */
        patch: operations["books_partial_update"];
        trace?: never;
    };
    "/api/v1/books/on-loan": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The books out on loan */
        get: operations["books_on_loan"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/loans/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List loans */
        get: operations["loans_list"];
        put?: never;
        /** Create a loan */
        post: operations["loans_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/loans/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Retrieve a loan */
        get: operations["loans_retrieve"];
        /** Replace a loan */
        put: operations["loans_update"];
        post?: never;
        /** Delete a loan */
        delete: operations["loans_destroy"];
        options?: never;
        head?: never;
        /** Update some fields of a loan */
        patch: operations["loans_partial_update"];
        trace?: never;
    };
    "/api/v1/loans/{id}/return": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Return a borrowed book */
        post: operations["loans_return"];
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
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description A link to each resource of the API, as absolute URLs. */
        ApiRoot: {
            /**
             * Format: uri
             * @description The absolute URL of `/api/v1/authors/`.
             */
            authors: string;
            /**
             * Format: uri
             * @description The absolute URL of `/api/v1/books/`.
             */
            books: string;
            /**
             * Format: uri
             * @description The absolute URL of `/api/v1/loans/`.
             */
            loans: string;
            /**
             * Format: uri
             * @description The absolute URL of `/api/v1/schema/openapi.json`.
             */
            openapi: string;
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
        Author: {
            /** Format: int64 */
            readonly id: number;
            name: string;
            /** Format: int64 */
            born: number | null;
        };
        /** @description Only the fields `fields` names, or all but those `omit` names. */
        SparseAuthor: {
            /** Format: int64 */
            readonly id?: number;
            name?: string;
            /** Format: int64 */
            born?: number | null;
        };
        PaginatedAuthorList: {
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
            results: components["schemas"]["Author"][];
        };
        PaginatedSparseAuthorList: {
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
            results: components["schemas"]["SparseAuthor"][];
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
        AuthorRequest: {
            name: string;
            /** Format: int64 */
            born?: number | null;
        };
        PatchedAuthorRequest: {
            name?: string;
            /** Format: int64 */
            born?: number | null;
        };
        Book: {
            /** Format: int64 */
            readonly id: number;
            title: string;
            /**
             * Format: int64
             * @description Primary key of an author.
             */
            authorId: number;
            /** Format: int64 */
            published: number;
            /** @description Unique: no two records have the same value. */
            isbn: string;
        };
        /** @description Only the fields `fields` names, or all but those `omit` names. */
        SparseBook: {
            /** Format: int64 */
            readonly id?: number;
            title?: string;
            /**
             * Format: int64
             * @description Primary key of an author.
             */
            authorId?: number;
            /** Format: int64 */
            published?: number;
            /** @description Unique: no two records have the same value. */
            isbn?: string;
        };
        PaginatedBookList: {
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
            results: components["schemas"]["Book"][];
        };
        PaginatedSparseBookList: {
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
            results: components["schemas"]["SparseBook"][];
        };
        BookRequest: {
            title: string;
            /**
             * Format: int64
             * @description Primary key of an author.
             */
            authorId: number;
            /** Format: int64 */
            published: number;
            /** @description Unique: no two records have the same value. */
            isbn: string;
        };
        PatchedBookRequest: {
            title?: string;
            /**
             * Format: int64
             * @description Primary key of an author.
             */
            authorId?: number;
            /** Format: int64 */
            published?: number;
            /** @description Unique: no two records have the same value. */
            isbn?: string;
        };
        Loan: {
            /** Format: int64 */
            readonly id: number;
            /**
             * Format: int64
             * @description Primary key of a book.
             */
            bookId: number;
            borrower: string;
            /** Format: date-time */
            readonly loanedAt: string;
            returned: boolean;
        };
        /** @description Only the fields `fields` names, or all but those `omit` names. */
        SparseLoan: {
            /** Format: int64 */
            readonly id?: number;
            /**
             * Format: int64
             * @description Primary key of a book.
             */
            bookId?: number;
            borrower?: string;
            /** Format: date-time */
            readonly loanedAt?: string;
            returned?: boolean;
        };
        PaginatedLoanList: {
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
            results: components["schemas"]["Loan"][];
        };
        PaginatedSparseLoanList: {
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
            results: components["schemas"]["SparseLoan"][];
        };
        LoanRequest: {
            /**
             * Format: int64
             * @description Primary key of a book.
             */
            bookId: number;
            borrower: string;
            returned?: boolean;
        };
        PatchedLoanRequest: {
            /**
             * Format: int64
             * @description Primary key of a book.
             */
            bookId?: number;
            borrower?: string;
            returned?: boolean;
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
    authors_list: {
        parameters: {
            query?: {
                /** @description A page number within the paginated result set (from 1), or "last". */
                page?: number | "last";
                /** @description Number of results per page (default 20, at most 100: a larger number is 100; a value that is not a whole number from 1 is the default). */
                page_size?: number | string;
                /** @description Fields to order by, comma-separated; a leading "-" sorts descending. Allowed: id, name, born (other names are ignored). Default: name. */
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
                /** @description born: Equal to (the parameter repeated matches any of its values). */
                born?: number | number[];
                /** @description born: Greater than (the parameter repeated matches any of its values) */
                born__gt?: number | number[];
                /** @description born: Greater than or equal to (the parameter repeated matches any of its values) */
                born__gte?: number | number[];
                /** @description born: Less than (the parameter repeated matches any of its values) */
                born__lt?: number | number[];
                /** @description born: Less than or equal to (the parameter repeated matches any of its values) */
                born__lte?: number | number[];
                /** @description born: Any of these values, comma-separated. */
                born__in?: number[];
                /** @description born: Between two values, both included: a comma-separated pair. */
                born__range?: number[];
                /** @description born: true or 1: the value is null; false or 0: it is not. */
                born__isnull?: (boolean | (0 | 1)) | (boolean | (0 | 1))[];
                /** @description Only these fields in each object, comma-separated. */
                fields?: ("id" | "name" | "born")[];
                /** @description Every field but these, comma-separated. */
                omit?: ("id" | "name" | "born")[];
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
                    "application/vnd.viewsets.sparse+json": components["schemas"]["PaginatedSparseAuthorList"];
                    "application/json": components["schemas"]["PaginatedAuthorList"];
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
    authors_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AuthorRequest"];
                "application/x-www-form-urlencoded": components["schemas"]["AuthorRequest"];
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
                    "application/json": components["schemas"]["Author"];
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
    authors_retrieve: {
        parameters: {
            query?: {
                /** @description Only these fields in each object, comma-separated. */
                fields?: ("id" | "name" | "born")[];
                /** @description Every field but these, comma-separated. */
                omit?: ("id" | "name" | "born")[];
            };
            header?: {
                /** @description An ETag this client holds: 304 with no body when it is still the current one. */
                "If-None-Match"?: string;
            };
            path: {
                /** @description A unique integer value identifying this author. */
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
                    "application/vnd.viewsets.sparse+json": components["schemas"]["SparseAuthor"];
                    "application/json": components["schemas"]["Author"];
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
    authors_update: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag the record was read with: the write happens only if the record still has it, else 412. */
                "If-Match"?: string;
            };
            path: {
                /** @description A unique integer value identifying this author. */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AuthorRequest"];
                "application/x-www-form-urlencoded": components["schemas"]["AuthorRequest"];
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
                    "application/json": components["schemas"]["Author"];
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
    authors_destroy: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag the record was read with: the write happens only if the record still has it, else 412. */
                "If-Match"?: string;
            };
            path: {
                /** @description A unique integer value identifying this author. */
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
    authors_partial_update: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag the record was read with: the write happens only if the record still has it, else 412. */
                "If-Match"?: string;
            };
            path: {
                /** @description A unique integer value identifying this author. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["PatchedAuthorRequest"];
                "application/merge-patch+json": components["schemas"]["PatchedAuthorRequest"];
                "application/x-www-form-urlencoded": components["schemas"]["PatchedAuthorRequest"];
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
                    "application/json": components["schemas"]["Author"];
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
    books_list: {
        parameters: {
            query?: {
                /** @description A page number within the paginated result set (from 1), or "last". */
                page?: number | "last";
                /** @description Number of results per page (default 10, at most 100: a larger number is 100; a value that is not a whole number from 1 is the default). */
                page_size?: number | string;
                /** @description Fields to order by, comma-separated; a leading "-" sorts descending. Allowed: title, published (other names are ignored). Default: title. */
                ordering?: string[];
                /** @description Search terms (separated by spaces or commas); each must appear in one of: title, isbn. */
                search?: string;
                /** @description authorId: Equal to (the parameter repeated matches any of its values). */
                authorId?: number | number[];
                /** @description authorId: Any of these values, comma-separated. */
                authorId__in?: number[];
                /** @description published: Equal to (the parameter repeated matches any of its values). */
                published?: number | number[];
                /** @description published: Greater than (the parameter repeated matches any of its values) */
                published__gt?: number | number[];
                /** @description published: Greater than or equal to (the parameter repeated matches any of its values) */
                published__gte?: number | number[];
                /** @description published: Less than (the parameter repeated matches any of its values) */
                published__lt?: number | number[];
                /** @description published: Less than or equal to (the parameter repeated matches any of its values) */
                published__lte?: number | number[];
                /** @description published: Any of these values, comma-separated. */
                published__in?: number[];
                /** @description published: Between two values, both included: a comma-separated pair. */
                published__range?: number[];
                /** @description title: Equal to (the parameter repeated matches any of its values). */
                title?: string | string[];
                /** @description title: Equal to, ignoring case (the parameter repeated matches any of its values) */
                title__iexact?: string | string[];
                /** @description title: Contains this text (the parameter repeated matches any of its values) */
                title__contains?: string | string[];
                /** @description title: Contains this text, ignoring case (the parameter repeated matches any of its values) */
                title__icontains?: string | string[];
                /** @description title: Starts with this text (the parameter repeated matches any of its values) */
                title__startswith?: string | string[];
                /** @description title: Starts with this text, ignoring case (the parameter repeated matches any of its values) */
                title__istartswith?: string | string[];
                /** @description title: Ends with this text (the parameter repeated matches any of its values) */
                title__endswith?: string | string[];
                /** @description title: Ends with this text, ignoring case (the parameter repeated matches any of its values) */
                title__iendswith?: string | string[];
                /** @description title: Any of these values, comma-separated. */
                title__in?: string[];
                /** @description Only these fields in each object, comma-separated. */
                fields?: ("id" | "title" | "authorId" | "published" | "isbn")[];
                /** @description Every field but these, comma-separated. */
                omit?: ("id" | "title" | "authorId" | "published" | "isbn")[];
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
                    "application/vnd.viewsets.sparse+json": components["schemas"]["PaginatedSparseBookList"];
                    "application/json": components["schemas"]["PaginatedBookList"];
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
    books_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BookRequest"];
                "application/x-www-form-urlencoded": components["schemas"]["BookRequest"];
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
                    "application/json": components["schemas"]["Book"];
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
    books_retrieve: {
        parameters: {
            query?: {
                /** @description Only these fields in each object, comma-separated. */
                fields?: ("id" | "title" | "authorId" | "published" | "isbn")[];
                /** @description Every field but these, comma-separated. */
                omit?: ("id" | "title" | "authorId" | "published" | "isbn")[];
            };
            header?: {
                /** @description An ETag this client holds: 304 with no body when it is still the current one. */
                "If-None-Match"?: string;
            };
            path: {
                /** @description A unique integer value identifying this book. */
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
                    "application/vnd.viewsets.sparse+json": components["schemas"]["SparseBook"];
                    "application/json": components["schemas"]["Book"];
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
    books_update: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag the record was read with: the write happens only if the record still has it, else 412. */
                "If-Match"?: string;
            };
            path: {
                /** @description A unique integer value identifying this book. */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BookRequest"];
                "application/x-www-form-urlencoded": components["schemas"]["BookRequest"];
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
                    "application/json": components["schemas"]["Book"];
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
    books_destroy: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag the record was read with: the write happens only if the record still has it, else 412. */
                "If-Match"?: string;
            };
            path: {
                /** @description A unique integer value identifying this book. */
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
    books_partial_update: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag the record was read with: the write happens only if the record still has it, else 412. */
                "If-Match"?: string;
            };
            path: {
                /** @description A unique integer value identifying this book. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["PatchedBookRequest"];
                "application/merge-patch+json": components["schemas"]["PatchedBookRequest"];
                "application/x-www-form-urlencoded": components["schemas"]["PatchedBookRequest"];
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
                    "application/json": components["schemas"]["Book"];
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
    books_on_loan: {
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
    loans_list: {
        parameters: {
            query?: {
                /** @description A page number within the paginated result set (from 1), or "last". */
                page?: number | "last";
                /** @description Number of results per page (default 20, at most 100: a larger number is 100; a value that is not a whole number from 1 is the default). */
                page_size?: number | string;
                /** @description Fields to order by, comma-separated; a leading "-" sorts descending. Allowed: id, bookId, borrower, loanedAt, returned (other names are ignored). Default: -loanedAt. */
                ordering?: string[];
                /** @description bookId: Equal to (the parameter repeated matches any of its values). */
                bookId?: number | number[];
                /** @description bookId: Any of these values, comma-separated. */
                bookId__in?: number[];
                /** @description borrower: Equal to (the parameter repeated matches any of its values). */
                borrower?: string | string[];
                /** @description borrower: Equal to, ignoring case (the parameter repeated matches any of its values) */
                borrower__iexact?: string | string[];
                /** @description borrower: Contains this text (the parameter repeated matches any of its values) */
                borrower__contains?: string | string[];
                /** @description borrower: Contains this text, ignoring case (the parameter repeated matches any of its values) */
                borrower__icontains?: string | string[];
                /** @description borrower: Starts with this text (the parameter repeated matches any of its values) */
                borrower__startswith?: string | string[];
                /** @description borrower: Starts with this text, ignoring case (the parameter repeated matches any of its values) */
                borrower__istartswith?: string | string[];
                /** @description borrower: Ends with this text (the parameter repeated matches any of its values) */
                borrower__endswith?: string | string[];
                /** @description borrower: Ends with this text, ignoring case (the parameter repeated matches any of its values) */
                borrower__iendswith?: string | string[];
                /** @description borrower: Any of these values, comma-separated. */
                borrower__in?: string[];
                /** @description returned: Equal to (the parameter repeated matches any of its values). */
                returned?: (boolean | (0 | 1)) | (boolean | (0 | 1))[];
                /** @description loanedAt: Equal to (the parameter repeated matches any of its values). */
                loanedAt?: (string | unknown | unknown) | (string | unknown | unknown)[];
                /** @description loanedAt: Greater than (the parameter repeated matches any of its values) */
                loanedAt__gt?: (string | unknown | unknown) | (string | unknown | unknown)[];
                /** @description loanedAt: Greater than or equal to (the parameter repeated matches any of its values) */
                loanedAt__gte?: (string | unknown | unknown) | (string | unknown | unknown)[];
                /** @description loanedAt: Less than (the parameter repeated matches any of its values) */
                loanedAt__lt?: (string | unknown | unknown) | (string | unknown | unknown)[];
                /** @description loanedAt: Less than or equal to (the parameter repeated matches any of its values) */
                loanedAt__lte?: (string | unknown | unknown) | (string | unknown | unknown)[];
                /** @description loanedAt: Any of these values, comma-separated. */
                loanedAt__in?: (string | unknown | unknown)[];
                /** @description loanedAt: Between two values, both included: a comma-separated pair. */
                loanedAt__range?: (string | unknown | unknown)[];
                /** @description Only these fields in each object, comma-separated. */
                fields?: ("id" | "bookId" | "borrower" | "loanedAt" | "returned")[];
                /** @description Every field but these, comma-separated. */
                omit?: ("id" | "bookId" | "borrower" | "loanedAt" | "returned")[];
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
                    "application/vnd.viewsets.sparse+json": components["schemas"]["PaginatedSparseLoanList"];
                    "application/json": components["schemas"]["PaginatedLoanList"];
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
    loans_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LoanRequest"];
                "application/x-www-form-urlencoded": components["schemas"]["LoanRequest"];
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
                    "application/json": components["schemas"]["Loan"];
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
    loans_retrieve: {
        parameters: {
            query?: {
                /** @description Only these fields in each object, comma-separated. */
                fields?: ("id" | "bookId" | "borrower" | "loanedAt" | "returned")[];
                /** @description Every field but these, comma-separated. */
                omit?: ("id" | "bookId" | "borrower" | "loanedAt" | "returned")[];
            };
            header?: {
                /** @description An ETag this client holds: 304 with no body when it is still the current one. */
                "If-None-Match"?: string;
            };
            path: {
                /** @description A unique integer value identifying this loan. */
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
                    "application/vnd.viewsets.sparse+json": components["schemas"]["SparseLoan"];
                    "application/json": components["schemas"]["Loan"];
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
    loans_update: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag the record was read with: the write happens only if the record still has it, else 412. */
                "If-Match"?: string;
            };
            path: {
                /** @description A unique integer value identifying this loan. */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LoanRequest"];
                "application/x-www-form-urlencoded": components["schemas"]["LoanRequest"];
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
                    "application/json": components["schemas"]["Loan"];
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
    loans_destroy: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag the record was read with: the write happens only if the record still has it, else 412. */
                "If-Match"?: string;
            };
            path: {
                /** @description A unique integer value identifying this loan. */
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
    loans_partial_update: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag the record was read with: the write happens only if the record still has it, else 412. */
                "If-Match"?: string;
            };
            path: {
                /** @description A unique integer value identifying this loan. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["PatchedLoanRequest"];
                "application/merge-patch+json": components["schemas"]["PatchedLoanRequest"];
                "application/x-www-form-urlencoded": components["schemas"]["PatchedLoanRequest"];
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
                    "application/json": components["schemas"]["Loan"];
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
    loans_return: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A unique integer value identifying this loan. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    [key: string]: unknown;
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
                    "application/json": components["schemas"]["Loan"];
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
}
